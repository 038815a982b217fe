namespace AccBackup.Bench.Reporting;

/// <summary>One quota of a module on the first night (an endpoint's, the app's or the user's, as the module's limit is defined).</summary>
/// <param name="Quota">The emulator category it is counted in.</param>
/// <param name="Calls">Calls answered (not 429).</param>
/// <param name="Limit">Calls allowed per window.</param>
/// <param name="FloorSeconds">Calls ÷ (limit × share) windows.</param>
/// <param name="BurstFloorSeconds">(⌈calls ÷ (limit × share)⌉ − 1) windows: each window's calls sent at once, the last one's in no time.</param>
internal sealed record ModuleQuotaUse(string Quota, long Calls, int Limit, double FloorSeconds, double BurstFloorSeconds);
