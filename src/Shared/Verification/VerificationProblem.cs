using System.Text.Json.Serialization;

namespace AccBackup.Verification;

/// <summary>How a stored file differs from what its run's manifest recorded.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<VerificationProblem>))]
public enum VerificationProblem
{
    /// <summary>The manifest says the file was stored, but no blob has its name.</summary>
    Missing,

    /// <summary>The blob's length is not the manifest's storedSize.</summary>
    LengthDiffers,

    /// <summary>The SHA-256 of the blob's bytes is not the manifest's sha256.</summary>
    HashDiffers,

    /// <summary>The blob's metadata names another APS version (a later run may have stored a newer one).</summary>
    VersionDiffers,

    /// <summary>The entry lacks what a check needs (blob name, stored size or hash).</summary>
    EntryIncomplete,

    /// <summary>The blob could not be read; the message says why.</summary>
    ReadFailed,
}

/// <summary>One difference between a stored file and its manifest entry.</summary>
/// <param name="Path">The ACC path of the file.</param>
/// <param name="BlobName">The blob the manifest names, when it names one.</param>
/// <param name="Problem">What differs.</param>
/// <param name="Detail">Expected and actual values, in words.</param>
public sealed record VerificationFinding(string Path, string? BlobName, VerificationProblem Problem, string Detail);
