namespace AccEmulator.Accounts;

/// <summary>A project in the hub: a hidden root folder whose children are the top folders (Project Files, Plans…).</summary>
internal sealed class EmulatedProject(Guid projectGuid, string name, string projectType, long tenantId)
{
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>The Data Management project id: the project guid with a <c>b.</c> prefix.</summary>
    public string Id => "b." + ProjectGuid.ToString("D");

    public string Name { get; } = name;

    /// <summary>The account's tenant number, which APS writes into <c>scopes</c> as <c>O2tenant.N</c>.</summary>
    public long TenantId { get; } = tenantId;

    /// <summary>What OSS and Model Derivative links carry as <c>?scopes=</c>: project, global, tenant.</summary>
    public string Scopes => $"b360project.{ProjectGuid:D},global,O2tenant.{TenantId}";

    /// <summary>ACC or BIM360.</summary>
    public string ProjectType { get; } = projectType;

    /// <summary>Set once by the builder right after the project is created.</summary>
    public EmulatedFolder Root { get; set; } = null!;

    public IReadOnlyList<EmulatedFolder> TopFolders => Root.Folders;

    /// <summary>The root folder's name as ACC writes it: <c>{projectGuid}-root-folder</c>.</summary>
    public string RootFolderName => ProjectGuid.ToString("D") + "-root-folder";

    /// <summary>
    /// The hidden folder above the root that ACC names in the root's <c>relationships.parent</c> (recorded ids end in
    /// <c>-g</c>, which some clients test for). It is not reachable: GET on it answers 404.
    /// </summary>
    public string RootParentId => "urn:adsk.wipprod:fs.folder:co."
        + Convert.ToBase64String(ProjectGuid.ToByteArray()).Replace('+', '-').Replace('/', '_')[..20] + "-g";

    /// <summary>A stable guid for one of the project's service containers (issues, locations…), derived from the project guid.</summary>
    public string ContainerId(string service)
    {
        var hash = System.Security.Cryptography.SHA256.HashData(System.Text.Encoding.UTF8.GetBytes(service + "/" + ProjectGuid.ToString("D")));
        return new Guid(hash.AsSpan(0, 16)).ToString("D");
    }
}
