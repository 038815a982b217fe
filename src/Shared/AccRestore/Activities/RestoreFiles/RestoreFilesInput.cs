namespace AccBackup.AccRestore.Activities;

/// <summary>One activity's share of a restore: <see cref="Count"/> files of the plan from index <see cref="First"/>.</summary>
public sealed record RestoreFilesInput(string RestoreId, int First, int Count);
