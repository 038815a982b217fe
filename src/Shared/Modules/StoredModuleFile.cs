namespace AccBackup.Modules;

/// <summary>Bytes a module export stored as a write-once blob: where, how many, and their SHA-256 (what restore checks).</summary>
public sealed record StoredModuleFile(string BlobName, long Bytes, string Sha256);
