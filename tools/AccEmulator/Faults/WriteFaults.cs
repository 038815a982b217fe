namespace AccEmulator.Faults;

/// <summary>Faults of the Data Management write endpoints.</summary>
public sealed record WriteFaults
{
    /// <summary>
    /// For this long after a version is created (emulator clock), a new version of the same item answers 409, as ACC does
    /// while the last upload or copy is still processing (default zero: never).
    /// </summary>
    public TimeSpan VersionProcessingTime { get; init; }
}
