namespace AccBackup.Durable.Orchestrations;

/// <summary>The run cannot go on (e.g. APS rejected the credentials): the message says which setting to fix.</summary>
public sealed class BackupRunAbortedException(string message) : Exception(message);
