using System.Globalization;
using AccBackup.Acc;
using AccBackup.Storage;

namespace AccBackup.Quotas.SharedScope;

/// <summary>What one endpoint's shared budget has granted in the slices that still count, as stored in its blob.</summary>
/// <remarks>
/// The state travels as blob metadata, so one Get Blob Properties reads it together with the ETag that guards the
/// next write; the body repeats it as JSON for people looking in the container.
/// </remarks>
/// <param name="Grants">Calls granted to all processes together per slice (<see cref="QuotaGrants"/> keeps the rule).</param>
/// <param name="Writes">Grants written since the blob was created (what the budget costs in storage writes).</param>
/// <param name="Conflicts">Writes refused because another process wrote first (each also cost a re-read).</param>
internal sealed record QuotaBudgetBlob(QuotaGrants Grants, long Writes = 0, long Conflicts = 0)
{
    /// <summary>The budget before any grant.</summary>
    public static QuotaBudgetBlob Empty { get; } = new(QuotaGrants.Empty);

    /// <summary>The blob of <paramref name="endpoint"/>'s budget: <c>$acc-backup/quota/{endpoint}.json</c>.</summary>
    public static string BlobName(ApsEndpoint endpoint) => $"{BlobNames.ReservedPrefix}/quota/{endpoint}.json";

    /// <summary>The budget as metadata.</summary>
    public Dictionary<string, string> ToMetadata() => new()
    {
        ["slices"] = Grants.ToString(),
        ["writes"] = Writes.ToString(CultureInfo.InvariantCulture),
        ["conflicts"] = Conflicts.ToString(CultureInfo.InvariantCulture),
    };

    /// <summary>The budget stored in <paramref name="metadata"/>; <see cref="Empty"/> when it holds none (then the next write replaces it).</summary>
    public static QuotaBudgetBlob FromMetadata(IReadOnlyDictionary<string, string> metadata) =>
        metadata.TryGetValue("slices", out var slices)
            ? new QuotaBudgetBlob(QuotaGrants.Parse(slices), Counter(metadata, "writes"), Counter(metadata, "conflicts"))
            : Empty;

    /// <summary>The budget as a small JSON document (the blob's body).</summary>
    public byte[] ToJson(ApsEndpoint endpoint, int windowLimit) => System.Text.Encoding.UTF8.GetBytes(string.Create(
        CultureInfo.InvariantCulture,
        $$"""{"endpoint":"{{endpoint}}","windowLimit":{{windowLimit}},"newestSlice":"{{Grants.Newest?.UtcDateTime:O}}","slices":"{{Grants}}","writes":{{Writes}},"conflicts":{{Conflicts}}}"""));

    private static long Counter(IReadOnlyDictionary<string, string> metadata, string name) =>
        metadata.TryGetValue(name, out var text) && long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : 0;
}
