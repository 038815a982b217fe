using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Identity;
using Azure.Storage;
using Azure.Storage.Blobs;
using Microsoft.Extensions.Logging;

namespace AccBackup.Storage;

/// <summary>The one place the SDK's blob clients are built: authentication, connection pool, retries, checksums.</summary>
internal static class BlobClientFactory
{
    /// <summary>Two clients for <paramref name="options"/>' container over one connection pool, differing only in network timeout.</summary>
    /// <param name="containerName">The container: <see cref="BlobStorageOptions.ContainerName"/> or the state container.</param>
    /// <param name="writeOnce">Whether every request passes <see cref="WriteOncePolicy"/> (the backup container's clients).</param>
    /// <param name="primaryHandler">The HTTP handler under the SDK pipeline: a stub in tests; pooled sockets when null.</param>
    public static BlobClients Create(
        BlobStorageOptions options, string containerName, bool writeOnce, HttpMessageHandler? primaryHandler, BlobRetrySettings retry, ILogger logger)
    {
#pragma warning disable CA2000 // The handler belongs to the transport, the transport to BlobClients: BlobContainer.Dispose releases both.
        var transport = new HttpClientTransport(primaryHandler ?? CreatePrimaryHandler(options.MaxConnections));
#pragma warning restore CA2000
        var policy = new BlobRetryPolicy(retry, logger);
        var credential = options.ServiceUri is null ? null : CreateCredential(options.ManagedIdentityClientId);
        var control = CreateService(options, credential, ClientOptions(transport, policy, retry.RequestTimeout, writeOnce));
        var transfer = CreateService(options, credential, ClientOptions(transport, policy, options.AttemptTimeout, writeOnce));
        var setting = $"{BlobStorageOptions.SectionName}:{(credential is null ? nameof(BlobStorageOptions.ConnectionString) : nameof(BlobStorageOptions.ServiceUri))}";
        return new BlobClients(
            control.GetBlobContainerClient(containerName), transfer.GetBlobContainerClient(containerName), setting, transport)
        {
            SignsWithEntraId = credential is not null,
        };
    }

    /// <summary>The token credential for <paramref name="managedIdentityClientId"/>, or the default chain when it is empty.</summary>
    /// <remarks>The default chain is managed identity in Azure and the developer's sign-in (Azure CLI, Visual Studio) locally.</remarks>
    public static TokenCredential CreateCredential(string? managedIdentityClientId) =>
        string.IsNullOrWhiteSpace(managedIdentityClientId)
            ? new DefaultAzureCredential()
            : new ManagedIdentityCredential(ManagedIdentityId.FromUserAssignedClientId(managedIdentityClientId));

    private static BlobServiceClient CreateService(BlobStorageOptions options, TokenCredential? credential, BlobClientOptions clientOptions) =>
        credential is null
            ? new BlobServiceClient(options.ConnectionString, clientOptions)
            : new BlobServiceClient(options.ServiceUri, credential, clientOptions);

    private static BlobClientOptions ClientOptions(HttpPipelineTransport transport, RetryPolicy policy, TimeSpan networkTimeout, bool writeOnce)
    {
        var clientOptions = new BlobClientOptions { Transport = transport, RetryPolicy = policy };
        if (writeOnce)
        {
            clientOptions.AddPolicy(new WriteOncePolicy(), HttpPipelinePosition.PerCall);
        }

        // RetryPolicy replaces Retry's counts and delays; the network timeout is still read from here.
        clientOptions.Retry.NetworkTimeout = networkTimeout;

        // Per-request Content-MD5 on writes: Azure and Azurite both check it. The SDK's CRC64 structured-message
        // mode is not understood by Azurite, and MD5 of ranges over 4 MiB is refused on reads, so reads go unchecked
        // here; the copier and the verifier hash what they read themselves.
        clientOptions.TransferValidation.Upload.ChecksumAlgorithm = StorageChecksumAlgorithm.MD5;
        clientOptions.TransferValidation.Download.ChecksumAlgorithm = StorageChecksumAlgorithm.None;
        return clientOptions;
    }

    private static SocketsHttpHandler CreatePrimaryHandler(int maxConnections) => new()
    {
        MaxConnectionsPerServer = maxConnections,

        // Recycle connections so DNS changes of the storage front end are picked up.
        PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        PooledConnectionIdleTimeout = TimeSpan.FromMinutes(1),
        ConnectTimeout = TimeSpan.FromSeconds(15),
        AllowAutoRedirect = false,
        UseCookies = false,
        AutomaticDecompression = System.Net.DecompressionMethods.None,
    };
}

/// <summary>The container's clients, built once: <paramref name="Control"/> for small requests, <paramref name="Transfer"/> for blob bytes.</summary>
/// <param name="EndpointSetting">The setting the endpoint came from, for "could not be reached" messages.</param>
/// <param name="Transport">The shared connection pool; disposing it closes every connection.</param>
internal sealed record BlobClients(BlobContainerClient Control, BlobContainerClient Transfer, string EndpointSetting, IDisposable Transport)
{
    /// <summary>Whether the clients authenticate with Microsoft Entra ID (<see cref="BlobStorageOptions.ServiceUri"/>), and so can
    /// ask the service for a user delegation key; false with a connection string.</summary>
    public bool SignsWithEntraId { get; init; }
}

/// <summary>The SDK's own retry policy, unchanged in what it retries and how long it waits, plus one warning per retry in our log.</summary>
/// <remarks>Logs the method and path only: the query may carry a SAS, the headers a key or a token.</remarks>
internal sealed class BlobRetryPolicy(BlobRetrySettings settings, ILogger logger)
    : RetryPolicy(settings.MaxRetries, DelayStrategy.CreateExponentialDelayStrategy(settings.Delay, settings.MaxDelay))
{
    private const string AttemptsProperty = "AccBackup.Storage.FailedAttempts";

    /// <inheritdoc />
    protected override async ValueTask<bool> ShouldRetryAsync(HttpMessage message, Exception? exception)
    {
        var retry = await base.ShouldRetryAsync(message, exception).ConfigureAwait(false);
        Report(message, exception, retry);
        return retry;
    }

    /// <inheritdoc />
    protected override bool ShouldRetry(HttpMessage message, Exception? exception)
    {
        var retry = base.ShouldRetry(message, exception);
        Report(message, exception, retry);
        return retry;
    }

    private void Report(HttpMessage message, Exception? exception, bool retry)
    {
        // The attempt number lives on the message: one policy instance serves every request.
        var attempt = (message.TryGetProperty(AttemptsProperty, out var value) && value is int failed ? failed : 0) + 1;
        message.SetProperty(AttemptsProperty, attempt);
        if (!retry)
        {
            return;
        }

        var failure = exception is null && message.HasResponse
            ? message.Response.Status.ToString(System.Globalization.CultureInfo.InvariantCulture)
            : exception?.GetBaseException().GetType().Name ?? "no response";
        Log.Retrying(logger, message.Request.Method.Method, message.Request.Uri.Path, attempt, failure, exception);
    }
}

/// <summary>How the SDK's retry policy treats storage requests: a few quick retries, then the failure surfaces.</summary>
/// <param name="MaxRetries">Retries after the first attempt. Default 3, so 4 attempts.</param>
/// <param name="Delay">The first retry's delay; later ones double (with jitter). Default 0.5 s.</param>
/// <param name="MaxDelay">The longest wait between attempts. Default 10 s.</param>
/// <param name="RequestTimeout">Network timeout of requests that carry no blob bytes (properties, listing, deletes). Default 20 s.</param>
/// <remarks>
/// An unreachable endpoint (connection refused) therefore fails in about 3.5 s. Requests that carry or return blob
/// bytes use <see cref="BlobStorageOptions.AttemptTimeout"/> instead: a 100 MiB block on a slow link needs minutes.
/// Retried by the SDK: 408, 429, 500, 502, 503, 504, network errors and timeouts; never other 4xx.
/// </remarks>
internal sealed record BlobRetrySettings(int MaxRetries, TimeSpan Delay, TimeSpan MaxDelay, TimeSpan RequestTimeout)
{
    /// <summary>The settings every host uses.</summary>
    public static BlobRetrySettings Default { get; } = new(3, TimeSpan.FromMilliseconds(500), TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(20));
}

/// <summary>The blob client's log messages. Fields are names, counts and codes: never keys, tokens, signatures or SAS.</summary>
internal static partial class Log
{
    [LoggerMessage(EventId = 1, Level = LogLevel.Information, Message = "Created blob container {Container}")]
    public static partial void ContainerCreated(ILogger logger, string container);

    [LoggerMessage(
        EventId = 2,
        Level = LogLevel.Warning,
        Message = "{Method} {Path} attempt {Attempt} failed with {Failure}; retrying")]
    public static partial void Retrying(
        ILogger logger, string method, string path, int attempt, string failure, Exception? exception);
}
