using Microsoft.Extensions.Options;

namespace AccBackup.Storage;

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
