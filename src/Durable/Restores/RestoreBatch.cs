namespace AccBackup.Durable.Restores;

/// <summary>One activity's share of a restore: <see cref="Count"/> files of the plan from index <see cref="First"/>.</summary>
public sealed record RestoreBatch(string RestoreId, int First, int Count);
