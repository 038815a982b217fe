using System.Text.Json.Serialization;

namespace AccBackup.AccRestore.Planning;

/// <summary>What a restore does with one target folder.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<FolderAction>))]
public enum FolderAction
{
    /// <summary>The folder is there and visible.</summary>
    Exists,

    /// <summary>The folder is deleted (hidden): restored with <c>PATCH hidden:false</c>, keeping its id.</summary>
    Unhide,

    /// <summary>No folder of that name: created (after its parent).</summary>
    Create,
}
