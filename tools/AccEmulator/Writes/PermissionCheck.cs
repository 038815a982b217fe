namespace AccEmulator.Writes;

/// <summary>One resource's answer to <c>CheckPermission</c>: each required action, and whether all are allowed.</summary>
internal sealed record PermissionCheck(string Type, string Id, IReadOnlyDictionary<string, bool> Details)
{
    public bool Permission => Details.Values.All(allowed => allowed);
}
