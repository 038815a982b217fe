namespace AccBackup.Acc;

/// <summary>The APS endpoints we call, each with its own documented quota.</summary>
public enum ApsEndpoint
{
    /// <summary>POST /authentication/v2/token.</summary>
    Token,

    /// <summary>GET /project/v1/hubs.</summary>
    Hubs,

    /// <summary>GET /project/v1/hubs/{hub}/projects.</summary>
    Projects,

    /// <summary>GET /project/v1/hubs/{hub}/projects/{project}/topFolders.</summary>
    TopFolders,

    /// <summary>GET /data/v1/projects/{project}/folders/{folder}.</summary>
    Folder,

    /// <summary>GET /data/v1/projects/{project}/folders/{folder}/contents.</summary>
    FolderContents,

    /// <summary>GET /oss/v2/buckets/{bucket}/objects/{key}/signeds3download (all OSS calls share one quota).</summary>
    SignedDownload,

    /// <summary>GET /data/v1/projects/{project}/items/{item}/versions (Backup:Versions = All only).</summary>
    ItemVersions,

    /// <summary>Every GET under /construction/issues/v1 (one quota for all, counted per user: one service account is one budget).</summary>
    Issues,
}

/// <summary>Documented quotas (requests per minute per app; Issues per user), from shared/notes/aps-api.md and aps-modules.md.</summary>
public static class ApsQuotas
{
    /// <summary>Requests per minute APS allows one app on <paramref name="endpoint"/>.</summary>
    public static int PerMinute(ApsEndpoint endpoint) => endpoint switch
    {
        ApsEndpoint.Token => 500,
        ApsEndpoint.Hubs => 50,
        ApsEndpoint.Projects => 50,
        ApsEndpoint.TopFolders => 300,
        ApsEndpoint.Folder => 300,
        ApsEndpoint.FolderContents => 300,
        ApsEndpoint.SignedDownload => 1000,
        ApsEndpoint.ItemVersions => 800,
        ApsEndpoint.Issues => 500,
        _ => throw new ArgumentOutOfRangeException(nameof(endpoint), endpoint, "Unknown APS endpoint."),
    };
}
