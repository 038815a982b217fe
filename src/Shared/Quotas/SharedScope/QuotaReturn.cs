namespace AccBackup.Quotas.SharedScope;

/// <summary>Calls granted for the slice starting at <paramref name="SliceStart"/> that were never made: the budget may count them again.</summary>
/// <remarks>Giving back only calls that can no longer be made keeps every recorded count at or above the calls made.</remarks>
public sealed record QuotaReturn(DateTimeOffset SliceStart, int Count);
