namespace AccEmulator.Endpoints;

/// <summary>The groups of endpoints that quotas, faults and statistics are counted by.</summary>
public enum EndpointCategory
{
    /// <summary><c>POST /authentication/v2/token</c>.</summary>
    Token,

    /// <summary><c>GET /project/v1/hubs</c>.</summary>
    Hubs,

    /// <summary><c>GET /project/v1/hubs/{hubId}/projects</c>.</summary>
    Projects,

    /// <summary><c>GET …/projects/{projectId}/topFolders</c>.</summary>
    TopFolders,

    /// <summary><c>GET /data/v1/projects/{projectId}/folders/{folderId}</c>.</summary>
    Folder,

    /// <summary><c>GET …/folders/{folderId}/contents</c>.</summary>
    FolderContents,

    /// <summary><c>GET …/items/{itemId}</c>.</summary>
    Item,

    /// <summary><c>GET …/items/{itemId}/tip</c>.</summary>
    ItemTip,

    /// <summary><c>GET …/items/{itemId}/versions</c>.</summary>
    ItemVersions,

    /// <summary>Every <c>/oss/v2/…</c> endpoint (one shared quota), e.g. signeds3download.</summary>
    Oss,

    /// <summary>Every <c>/construction/issues/v1/…</c> endpoint (one quota, counted per user: <see cref="Quotas.QuotaOptions.PerUserLimits"/>).</summary>
    Issues,

    /// <summary>The signed download URL itself (storage, not APS: no token, no quota).</summary>
    Download,

    /// <summary>The emulator's own <c>/_emulator/…</c> endpoints.</summary>
    Control,

    /// <summary><c>POST /data/v1/projects/{projectId}/storage</c> (last, so the other categories keep their numbers).</summary>
    Storage,

    /// <summary><c>POST …/items</c>.</summary>
    CreateItem,

    /// <summary><c>POST …/versions</c> (new versions, copies, deletes).</summary>
    CreateVersion,

    /// <summary><c>POST …/folders</c>.</summary>
    CreateFolder,

    /// <summary><c>PATCH …/folders/{folderId}</c>.</summary>
    PatchFolder,

    /// <summary><c>POST …/commands</c> (CheckPermission).</summary>
    Command,

    /// <summary>The signed part URL of an upload (storage, not APS: no token, no quota).</summary>
    Upload,

    /// <summary><c>GET /construction/sheets/v1/projects/{projectId}/sheets</c> (Sheets quotas are per endpoint).</summary>
    SheetsSheets,

    /// <summary><c>GET …/sheets/v1/projects/{projectId}/version-sets</c>.</summary>
    SheetsVersionSets,

    /// <summary><c>GET …/sheets/v1/projects/{projectId}/collections</c>.</summary>
    SheetsCollections,

    /// <summary><c>POST …/sheets/v1/projects/{projectId}/exports</c> and <c>GET …/exports/{exportId}</c>.</summary>
    SheetsExports,

    /// <summary><c>GET /construction/admin/v1/projects/{projectId}/users</c>.</summary>
    ProjectUsers,

    /// <summary>Every call under <c>/construction/rfis/v3/projects/{projectId}</c> (one quota for all, per app).</summary>
    Rfis,

    /// <summary><c>GET /bim360/docs/v1/projects/{projectId}/folders/{folderId}/permissions</c>.</summary>
    FolderPermissions,

    /// <summary><c>GET /bim360/docs/v1/projects/{projectId}/folders/{folderId}/custom-attribute-definitions</c>.</summary>
    AttributeDefinitions,

    /// <summary><c>POST /bim360/docs/v1/projects/{projectId}/versions:batch-get</c>.</summary>
    AttributeValues,

    /// <summary>Every call under <c>/construction/forms/v1|v2/projects/{projectId}</c> (one quota for all, per app).</summary>
    Forms,

    /// <summary>Every call under <c>/construction/photos/v1/projects/{projectId}</c> (one quota for all, per app: UNCONFIRMED).</summary>
    Photos,

    /// <summary><c>POST /bim360/relationship/v2/containers/{containerId}/relationships:sync</c> (counted per user).</summary>
    Relationships,
}
