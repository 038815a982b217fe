// Placeholder entry point; the emulator is being built (issue 3).
return 0;
