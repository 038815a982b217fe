using AccEmulator.Endpoints;

namespace AccEmulator.Quotas;

/// <summary>APS rate limits: requests per window per endpoint category, counted for the whole app.</summary>
public sealed record QuotaOptions
{
    /// <summary>APS's published limits per minute (https://aps.autodesk.com/en/docs/data/v2/developers_guide/rate-limiting/dm-rate-limits,
    /// https://aps.autodesk.com/en/docs/acc/v1/overview/rate-limits/sheets-rate-limits); the signed URLs have none.</summary>
    public static readonly IReadOnlyDictionary<EndpointCategory, int> ApsLimits = new Dictionary<EndpointCategory, int>
    {
        [EndpointCategory.Token] = 500,
        [EndpointCategory.Hubs] = 50,
        [EndpointCategory.Projects] = 50,
        [EndpointCategory.TopFolders] = 300,
        [EndpointCategory.Folder] = 300,
        [EndpointCategory.FolderContents] = 300,
        [EndpointCategory.Item] = 300,
        [EndpointCategory.ItemTip] = 50,
        [EndpointCategory.ItemVersions] = 800,
        [EndpointCategory.Oss] = 1000,
        [EndpointCategory.Storage] = 300,
        [EndpointCategory.CreateItem] = 50,
        [EndpointCategory.CreateVersion] = 300,
        [EndpointCategory.CreateFolder] = 50,
        [EndpointCategory.PatchFolder] = 50,
        [EndpointCategory.Command] = 300,
        [EndpointCategory.SheetsSheets] = 100,
        [EndpointCategory.SheetsVersionSets] = 100,
        [EndpointCategory.SheetsCollections] = 100,
        [EndpointCategory.SheetsExports] = 100,
        [EndpointCategory.ProjectUsers] = 600,
        [EndpointCategory.Rfis] = 100,
        // BIM 360 Document Management limits each endpoint per app without naming these three: DM's usual 300.
        [EndpointCategory.FolderPermissions] = 300,
        [EndpointCategory.AttributeDefinitions] = 300,
        [EndpointCategory.AttributeValues] = 300,
        [EndpointCategory.Forms] = 100,
        [EndpointCategory.Photos] = 100,
    };

    /// <summary>APS's published limits per minute counted per user (the user of a user-context token), not per app.</summary>
    public static readonly IReadOnlyDictionary<EndpointCategory, int> ApsPerUserLimits = new Dictionary<EndpointCategory, int>
    {
        [EndpointCategory.Issues] = 500,
        [EndpointCategory.Relationships] = 120,
    };

    /// <summary>Whether quotas are enforced at all (default true; <c>--no-quotas</c> turns them off).</summary>
    public bool Enabled { get; init; } = true;

    /// <summary>Answer 429 without a <c>Retry-After</c> header, as APS sometimes does (default false).</summary>
    public bool OmitRetryAfter { get; init; }

    /// <summary>The length of one counting window (default one minute).</summary>
    public TimeSpan Window { get; init; } = TimeSpan.FromMinutes(1);

    /// <summary>Requests allowed per window by category (default <see cref="ApsLimits"/>); absent means unlimited.</summary>
    public IReadOnlyDictionary<EndpointCategory, int> Limits { get; init; } = ApsLimits;

    /// <summary>Requests allowed per window per user by category (default <see cref="ApsPerUserLimits"/>); absent means unlimited.</summary>
    public IReadOnlyDictionary<EndpointCategory, int> PerUserLimits { get; init; } = ApsPerUserLimits;

    /// <summary>No quotas anywhere.</summary>
    public static QuotaOptions Disabled { get; } = new() { Enabled = false };
}
