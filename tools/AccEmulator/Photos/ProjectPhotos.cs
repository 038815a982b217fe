namespace AccEmulator.Photos;

/// <summary>One project's gallery and the links of its photos; the change counter every link made or removed moves.</summary>
internal sealed class ProjectPhotos(Guid projectGuid)
{
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>The gallery in upload order (a deleted photo leaves it).</summary>
    public List<EmulatedPhoto> Photos { get; } = [];

    /// <summary>Every link ever made, removed ones too (the sync reports those as deleted).</summary>
    public List<EmulatedRelationship> Relationships { get; } = [];

    /// <summary>The number of the latest link change: a sync token says up to which change its holder has read.</summary>
    public long Change { get; set; }
}
