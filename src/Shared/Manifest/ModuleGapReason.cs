using System.Text.Json.Serialization;

namespace AccBackup.Manifest;

/// <summary>Why a project's module could not be read.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<ModuleGapReason>))]
public enum ModuleGapReason
{
    /// <summary>The service account is not a member of the project (invite its e-mail to the project).</summary>
    NotMember,

    /// <summary>The token reaches the project but lacks the module's permission (give the service account or app the right).</summary>
    LacksPermission,

    /// <summary>The module (tool) is not activated on the project.</summary>
    NotActivated,

    /// <summary>The export failed after its retries (an outage, a fault); the next run reads it again.</summary>
    Failed,
}
