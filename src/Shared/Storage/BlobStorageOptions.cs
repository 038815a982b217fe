using System.ComponentModel.DataAnnotations;
using Azure.Storage.Blobs;
using Microsoft.Extensions.Options;

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

    /// <summary>Days of the time-based retention (immutability) policy the backup container must carry; 0 (default) asks for
    /// none. When set, a run fails, before it copies anything, if the container has no policy or a shorter one: a backup
    /// believed write-once must not go on silently without the protection (infra/bicep passes its immutabilityDays here).</summary>
    [Range(0, 146000, ErrorMessage = $"{SectionName}:ImmutabilityDays must be between 0 and 146000.")]
    public int ImmutabilityDays { get; set; }

    /// <summary>Time allowed for one attempt of one request, body included, before it is retried. Default 5 minutes.</summary>
    /// <remarks>Generous because a single Put Blob or Put Block may carry many megabytes over a slow link.</remarks>
    [Range(typeof(TimeSpan), "00:00:05", "01:00:00", ErrorMessage = $"{SectionName}:AttemptTimeout must be between 00:00:05 and 01:00:00.")]
    public TimeSpan AttemptTimeout { get; set; } = TimeSpan.FromMinutes(5);
}

/// <summary>Checks the <see cref="BlobStorageOptions"/> rules that span settings; every message names the setting.</summary>
/// <remarks>Values are never echoed: a connection string or a service URI with a query may hold a secret.</remarks>
internal sealed class BlobStorageOptionsValidator : IValidateOptions<BlobStorageOptions>
{
    private const string Section = BlobStorageOptions.SectionName;

    /// <inheritdoc />
    public ValidateOptionsResult Validate(string? name, BlobStorageOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var failures = new List<string>();
        var hasConnectionString = !string.IsNullOrWhiteSpace(options.ConnectionString);
        var hasServiceUri = options.ServiceUri is not null;

        if (hasConnectionString && hasServiceUri)
        {
            failures.Add($"Set only one of {Section}:ConnectionString and {Section}:ServiceUri, not both.");
        }
        else if (!hasConnectionString && !hasServiceUri)
        {
            failures.Add($"Set {Section}:ConnectionString (account key or UseDevelopmentStorage=true) or {Section}:ServiceUri (managed identity).");
        }

        if (hasConnectionString && ConnectionStringCheck.Problem(options.ConnectionString!) is { } error)
        {
            failures.Add($"{Section}:ConnectionString is not a valid storage connection string: {error}");
        }

        if (options.ServiceUri is { } uri && (!uri.IsAbsoluteUri || uri.Scheme != Uri.UriSchemeHttps))
        {
            failures.Add($"{Section}:ServiceUri must be an absolute https URI such as https://account.blob.core.windows.net.");
        }

        if (!string.IsNullOrWhiteSpace(options.ManagedIdentityClientId))
        {
            if (hasConnectionString)
            {
                failures.Add($"{Section}:ManagedIdentityClientId applies only with {Section}:ServiceUri, not with {Section}:ConnectionString.");
            }
            else if (!Guid.TryParse(options.ManagedIdentityClientId, out _))
            {
                failures.Add($"{Section}:ManagedIdentityClientId must be the identity's client id (a GUID).");
            }
        }

        if (string.IsNullOrWhiteSpace(options.StateContainerName) && options.ContainerName?.Length > 63 - BlobStorageOptions.StateSuffix.Length)
        {
            failures.Add($"{Section}:ContainerName is too long to derive the state container's name from it (it adds '{BlobStorageOptions.StateSuffix}'): set {Section}:StateContainerName.");
        }
        else if (string.Equals(options.StateContainer, options.ContainerName, StringComparison.Ordinal))
        {
            failures.Add($"{Section}:StateContainerName must differ from {Section}:ContainerName: the backup container only ever receives new blobs.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}

/// <summary>Says what is wrong with a storage connection string without quoting it: it holds the account key.</summary>
/// <remarks>The SDK parses it (and says only "connection string parsing error"); this names the missing part first.</remarks>
internal static class ConnectionStringCheck
{
    /// <summary>Null when the SDK accepts <paramref name="connectionString"/>, else what is wrong with it.</summary>
    public static string? Problem(string connectionString)
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var segments = connectionString.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        for (var i = 0; i < segments.Length; i++)
        {
            var equals = segments[i].IndexOf('=', StringComparison.Ordinal);
            if (equals <= 0)
            {
                return $"segment {i + 1} is not Name=Value";
            }

            names.Add(segments[i][..equals]);
        }

        var development = names.Contains("UseDevelopmentStorage");
        if (!development && !names.Contains("AccountName"))
        {
            return "missing AccountName";
        }

        if (!development && !names.Contains("AccountKey"))
        {
            return "missing AccountKey";
        }

        try
        {
            _ = new BlobServiceClient(connectionString);
            return null;
        }
        catch (Exception e) when (e is FormatException or ArgumentException or InvalidOperationException)
        {
            return "the Azure SDK cannot parse it (check UseDevelopmentStorage=true, AccountKey base64, BlobEndpoint)";
        }
    }
}
