using System.Text.Json.Serialization;

namespace AccBackup.AccRestore.Planning;

/// <summary>What a restore does with one file.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<RestoreAction>))]
public enum RestoreAction
{
    /// <summary>ACC already holds the night's bytes there: nothing to write.</summary>
    Nothing,

    /// <summary>The file (or its folder) is deleted in ACC: brought back in place, the night's version copied to the tip; no bytes move.</summary>
    Undelete,

    /// <summary>A newer version (ransomware, a bad edit) is on top: the night's version copied over it; no bytes move.</summary>
    Promote,

    /// <summary>No file of that name there: uploaded from the backup as a new file.</summary>
    UploadNewFile,

    /// <summary>A file of that name holds other bytes: uploaded from the backup as a new version of it.</summary>
    UploadNewVersion,

    /// <summary>Not restored; the reason says why.</summary>
    Skip,
}
