namespace AccEmulator.Accounts;

/// <summary>A project in the hub: a hidden root folder whose children are the top folders (Project Files, Plans…).</summary>
internal sealed class EmulatedProject(Guid projectGuid, string name, string projectType)
{
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>The Data Management project id: the project guid with a <c>b.</c> prefix.</summary>
    public string Id => "b." + ProjectGuid.ToString("D");

    public string Name { get; } = name;

    /// <summary>ACC or BIM360.</summary>
    public string ProjectType { get; } = projectType;

    /// <summary>Set once by the builder right after the project is created.</summary>
    public EmulatedFolder Root { get; set; } = null!;

    public IReadOnlyList<EmulatedFolder> TopFolders => Root.Folders;
}
