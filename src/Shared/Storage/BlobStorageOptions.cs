using System.ComponentModel.DataAnnotations;

namespace AccBackup.Storage;

/// <summary>Where backups are written: one storage account and one container, bound from <see cref="SectionName"/>.</summary>
/// <remarks>
/// Exactly one of <see cref="ConnectionString"/> (account key, or <c>UseDevelopmentStorage=true</c>) and
/// <see cref="ServiceUri"/> (Microsoft Entra ID: managed identity or developer credential) must be set;
/// <see cref="BlobStorageOptionsValidator"/> checks the rules that span settings.
/// </remarks>
public sealed class BlobStorageOptions
{
    /// <summary>The configuration section these options bind from.</summary>
    public const string SectionName = "BackupStorage";

    /// <summary>The container used when none is configured.</summary>
    public const string DefaultContainerName = "acc-backup";

    // 3-63 characters of lowercase letters, digits and single hyphens, starting and ending with a letter or digit.
    private const string ContainerNamePattern = "^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$";

    /// <summary>An account-key connection string or <c>UseDevelopmentStorage=true</c>; exclusive with <see cref="ServiceUri"/>. A secret.</summary>
    public string? ConnectionString { get; set; }

    /// <summary>The blob service endpoint (https://account.blob.core.windows.net), authenticated with a token credential.</summary>
    public Uri? ServiceUri { get; set; }

    /// <summary>Client id of a user-assigned managed identity; when empty, <c>DefaultAzureCredential</c> is used. Only with <see cref="ServiceUri"/>.</summary>
    public string? ManagedIdentityClientId { get; set; }

    /// <summary>The container that receives the backup. Default <c>acc-backup</c>.</summary>
    [Required(ErrorMessage = $"{SectionName}:ContainerName is required.")]
    [RegularExpression(
        ContainerNamePattern,
        ErrorMessage = $"{SectionName}:ContainerName must be 3-63 lowercase letters, digits or single hyphens, starting and ending with a letter or digit.")]
    public string ContainerName { get; set; } = DefaultContainerName;

    /// <summary>The container of the tool's mutable state: the latest-run pointer, the shared quota tally and each run's
    /// working records. Default <c>{ContainerName}-state</c>. The backup container itself only ever receives new blobs.</summary>
    [RegularExpression(
        ContainerNamePattern,
        ErrorMessage = $"{SectionName}:StateContainerName must be 3-63 lowercase letters, digits or single hyphens, starting and ending with a letter or digit.")]
    public string? StateContainerName { get; set; }

    /// <summary>The state container's name: <see cref="StateContainerName"/>, or the backup container's name + <c>-state</c>.</summary>
    public string StateContainer => string.IsNullOrWhiteSpace(StateContainerName) ? ContainerName + StateSuffix : StateContainerName;

    /// <summary>What the default state container's name adds to the backup container's.</summary>
    public const string StateSuffix = "-state";

    /// <summary>Most connections open to the storage endpoint at once. Default 64.</summary>
    [Range(1, 1024, ErrorMessage = $"{SectionName}:MaxConnections must be between 1 and 1024.")]
    public int MaxConnections { get; set; } = 64;

    /// <summary>Time allowed for one attempt of one request, body included, before it is retried. Default 5 minutes.</summary>
    /// <remarks>Generous because a single Put Blob or Put Block may carry many megabytes over a slow link.</remarks>
    [Range(typeof(TimeSpan), "00:00:05", "01:00:00", ErrorMessage = $"{SectionName}:AttemptTimeout must be between 00:00:05 and 01:00:00.")]
    public TimeSpan AttemptTimeout { get; set; } = TimeSpan.FromMinutes(5);
}
