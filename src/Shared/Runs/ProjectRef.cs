using AccBackup.Acc;

namespace AccBackup.Runs;

/// <summary>A project selected for a run, with its blob-name segment.</summary>
public sealed record ProjectRef(string Id, string Name, string Segment)
{
    /// <summary>The project as the APS client knows it.</summary>
    public AccProject ToProject() => new(Id, Name, null);
}
