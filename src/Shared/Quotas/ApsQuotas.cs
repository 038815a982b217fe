using AccBackup.Acc;

namespace AccBackup.Quotas;

/// <summary>Documented quotas (requests per minute per app; Issues per user), after Autodesk's rate-limit pages:
/// https://aps.autodesk.com/en/docs/data/v2/developers_guide/rate-limiting/dm-rate-limits and
/// https://aps.autodesk.com/en/docs/acc/v1/overview/rate-limits/.</summary>
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
        ApsEndpoint.SheetsSheets or ApsEndpoint.SheetsVersionSets or ApsEndpoint.SheetsCollections or ApsEndpoint.SheetsExports => 100,
        ApsEndpoint.ProjectUsers => 600,
        ApsEndpoint.CreateStorage => 300,
        ApsEndpoint.SignedUpload => 1000,
        ApsEndpoint.CreateItem => 50,
        ApsEndpoint.CreateVersion => 300,
        ApsEndpoint.CreateFolder => 50,
        ApsEndpoint.PatchFolder => 50,
        ApsEndpoint.Command => 300,
        ApsEndpoint.Rfis => 100,
        // Docs permissions and custom attributes: BIM 360 Document Management limits each endpoint per app
        // (https://aps.autodesk.com/en/docs/bim360/v1/rate-limits/document-management-rate-limits) without naming these three; DM's usual 300.
        ApsEndpoint.FolderPermissions or ApsEndpoint.AttributeDefinitions or ApsEndpoint.AttributeValues => 300,
        ApsEndpoint.Forms => 100,
        ApsEndpoint.Photos => 100,
        ApsEndpoint.Relationships => 120,
        _ => throw new ArgumentOutOfRangeException(nameof(endpoint), endpoint, "Unknown APS endpoint."),
    };

    /// <summary>The endpoint whose quota <paramref name="endpoint"/> counts against: itself, except OSS's calls, which share one
    /// (signed uploads count with signed downloads, so a restore and the nightly backup share the 1,000 a minute).</summary>
    public static ApsEndpoint QuotaOf(ApsEndpoint endpoint) => endpoint == ApsEndpoint.SignedUpload ? ApsEndpoint.SignedDownload : endpoint;
}
