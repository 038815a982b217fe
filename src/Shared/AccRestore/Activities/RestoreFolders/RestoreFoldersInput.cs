namespace AccBackup.AccRestore.Activities;

/// <summary>Input of the folders step: the restore whose planned folders are checked and made.</summary>
public sealed record RestoreFoldersInput(string RestoreId);
