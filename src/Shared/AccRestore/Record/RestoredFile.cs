using AccBackup.AccRestore.Planning;

namespace AccBackup.AccRestore.Record;

/// <summary>What a restore did with one planned file, and what ACC could not keep of the original.</summary>
/// <param name="Plan">The file's plan.</param>
/// <param name="Succeeded">Whether the file is now in ACC with the night's bytes (or was skipped as planned).</param>
/// <param name="Error">Why it failed, when it did.</param>
public sealed record RestoredFile(PlannedFile Plan, bool Succeeded, string? Error)
{
    /// <summary>The item in ACC that now holds the file.</summary>
    public string? ItemId { get; init; }

    /// <summary>The versions this restore created on it, oldest first.</summary>
    public IReadOnlyList<string> CreatedVersions { get; init; } = [];

    /// <summary>The version number ACC gave the last created version.</summary>
    public int? CreatedVersionNumber { get; init; }

    /// <summary>Bytes uploaded for this file.</summary>
    public long UploadedBytes { get; init; }

    /// <summary>Upload parts PUT for this file.</summary>
    public int Parts { get; init; }

    /// <summary>When ACC refused the planned path and another was taken (a copy refused → uploaded; a name clash → new version), why.</summary>
    public string? FellBack { get; init; }

    /// <summary>What ACC could not keep: it assigns author, times and version numbers itself.</summary>
    public string? NotKept => CreatedVersions.Count == 0 ? null
        : $"author and times are ACC's (the restoring identity, now); version number v{CreatedVersionNumber} (was v{Plan.Night.VersionNumber})";
}
