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

    /// <summary>GET /data/v1/projects/{project}/items/{item}/versions (Backup:Versions = All only), and
    /// GET /data/v1/projects/{project}/versions/{version} (a Docs file attached to an issue, older than its tip).</summary>
    ItemVersions,

    /// <summary>Every GET under /construction/issues/v1 (one quota for all, counted per user: one service account is one budget).</summary>
    Issues,

    /// <summary>GET /construction/sheets/v1/projects/{project}/sheets (Sheets quotas are per endpoint).</summary>
    SheetsSheets,

    /// <summary>GET /construction/sheets/v1/projects/{project}/version-sets.</summary>
    SheetsVersionSets,

    /// <summary>GET /construction/sheets/v1/projects/{project}/collections.</summary>
    SheetsCollections,

    /// <summary>POST /construction/sheets/v1/projects/{project}/exports and GET …/exports/{export} (the PDF of sheets with markups).</summary>
    SheetsExports,

    /// <summary>GET /construction/admin/v1/projects/{project}/users.</summary>
    ProjectUsers,

    /// <summary>POST /data/v1/projects/{project}/storage: a storage object for an upload.</summary>
    CreateStorage,

    /// <summary>GET and POST /oss/v2/buckets/{bucket}/objects/{key}/signeds3upload (shares OSS's one quota with <see cref="SignedDownload"/>).</summary>
    SignedUpload,

    /// <summary>POST /data/v1/projects/{project}/items: a new file.</summary>
    CreateItem,

    /// <summary>POST /data/v1/projects/{project}/versions: a new version, a copy of one (copyFrom), or a delete.</summary>
    CreateVersion,

    /// <summary>POST /data/v1/projects/{project}/folders.</summary>
    CreateFolder,

    /// <summary>PATCH /data/v1/projects/{project}/folders/{folder}: hide or restore (un-hide) a folder.</summary>
    PatchFolder,

    /// <summary>POST /data/v1/projects/{project}/commands (CheckPermission).</summary>
    Command,

    /// <summary>Every call under /construction/rfis/v3/projects/{project} (search:rfis, one RFI, comments, attachments: one quota for all).</summary>
    Rfis,

    /// <summary>GET /bim360/docs/v1/projects/{project}/folders/{folder}/permissions.</summary>
    FolderPermissions,

    /// <summary>GET /bim360/docs/v1/projects/{project}/folders/{folder}/custom-attribute-definitions.</summary>
    AttributeDefinitions,

    /// <summary>POST /bim360/docs/v1/projects/{project}/versions:batch-get (custom attribute values).</summary>
    AttributeValues,

    /// <summary>Every call under /construction/forms/v1|v2/projects/{project} (forms, templates, values, tables, PDF values: one quota for all).</summary>
    Forms,

    /// <summary>Every call under /construction/photos/v1/projects/{project} (photos:filter, one photo: one quota for all).</summary>
    Photos,

    /// <summary>POST /bim360/relationship/v2/containers/{container}/relationships:sync (counted per user: the service account is one).</summary>
    Relationships,
}
