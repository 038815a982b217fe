namespace AccBackup.AccRestore.Executing;

/// <summary>The acting identity lacks a right a restore needs on a target folder: nothing was written.</summary>
public sealed class RestorePermissionException(string message) : Exception(message);
