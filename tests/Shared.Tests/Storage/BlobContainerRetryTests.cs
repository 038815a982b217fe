using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using AccBackup.Storage;
using AccBackup.Testing;
using Azure;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerRetryTests
{
    private static readonly byte[] Content = "twelve bytes"u8.ToArray();

    [Fact]
    public async Task UploadAsync_TransientStatusesThenCreated_RetriesWithFreshSignedRequests()
    {
        // Arrange
        var stub = new StubHttpHandler(StubHttpHandler.Respond(503), StubHttpHandler.Respond(500), StubHttpHandler.Respond(201, ("ETag", "\"0x1\"")));
        using var sut = CreateSut(stub);

        // Act
        var etag = await sut.UploadAsync("a.bin", Content, null, CancellationToken.None);

        // Assert
        Assert.Equal("\"0x1\"", etag);
        Assert.Equal(3, stub.Seen.Count);
        Assert.Equal(3, stub.Seen.Select(static s => s.Request).Distinct().Count());
        Assert.All(stub.Seen, static s => Assert.Equal(Content, s.Body));
        Assert.All(stub.Seen, static s => Assert.StartsWith("SharedKey devstoreaccount1:", s.Authorization, StringComparison.Ordinal));
        Assert.All(stub.Seen, static s => Assert.NotNull(s.Date));
    }

    [Theory]
    [InlineData(412, "ConditionNotMet")]
    [InlineData(409, "BlobAlreadyExists")]
    [InlineData(400, "Md5Mismatch")]
    [InlineData(403, "AuthenticationFailed")]
    public async Task UploadAsync_NonTransientClientError_FailsAfterOneAttempt(int status, string errorCode)
    {
        // Arrange
        var stub = new StubHttpHandler(StubHttpHandler.Respond(status, ("x-ms-error-code", errorCode)));
        using var sut = CreateSut(stub);

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(() => sut.UploadAsync("dir/a.bin", Content, null, CancellationToken.None));

        // Assert
        Assert.Single(stub.Seen);
        Assert.Equal(status, error.Status);
        Assert.Equal(errorCode, error.ErrorCode);
        Assert.Contains("Upload 'backups/dir/a.bin'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UploadAsync_NetworkErrorOnEveryAttempt_ThrowsStatusZeroAfterFourAttempts()
    {
        // Arrange
        var stub = new StubHttpHandler(StubHttpHandler.Fail());
        using var sut = CreateSut(stub);

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(() => sut.UploadAsync("a.bin", Content, null, CancellationToken.None));

        // Assert
        Assert.Equal(4, stub.Seen.Count);
        Assert.Equal(0, error.Status);
        Assert.IsType<HttpRequestException>(error.InnerException);
    }

    [Fact]
    public async Task GetPropertiesAsync_FirstAttemptHangs_TimesOutAndRetries()
    {
        // Arrange
        var stub = new StubHttpHandler(StubHttpHandler.Hang(), StubHttpHandler.Respond(404, ("x-ms-error-code", "BlobNotFound")));
        using var sut = CreateSut(stub, attemptTimeout: TimeSpan.FromMilliseconds(200));

        // Act
        var properties = await sut.GetPropertiesAsync("a.bin", CancellationToken.None);

        // Assert
        Assert.Null(properties);
        Assert.Equal(2, stub.Seen.Count);
    }

    [Fact]
    public async Task UploadAsync_CallerCancels_ThrowsOperationCanceledWithoutRetrying()
    {
        // Arrange
        var stub = new StubHttpHandler(StubHttpHandler.Hang());
        using var sut = CreateSut(stub);
        using var cancellation = new CancellationTokenSource(TimeSpan.FromMilliseconds(100)); // not a hang wait: the cancellation under test

        // Act & Assert
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => sut.UploadAsync("a.bin", Content, null, cancellation.Token));
        Assert.Single(stub.Seen);
    }

    [Fact]
    public async Task CreateIfNotExistsAsync_EndpointRefusesConnections_FailsWithinSecondsNamingSettingAndCause()
    {
        // Arrange: a loopback port nobody listens on, and the retry settings every host uses.
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        var options = new BlobStorageOptions
        {
            ConnectionString = $"DefaultEndpointsProtocol=http;AccountName={AzuriteServer.AccountName};AccountKey={AzuriteServer.AccountKey};BlobEndpoint=http://127.0.0.1:{port}/{AzuriteServer.AccountName};",
            ContainerName = "backups",
        };
        using var sut = new BlobContainer(Options.Create(options), NullLogger<BlobContainer>.Instance);
        var clock = Stopwatch.StartNew();

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(() => sut.CreateIfNotExistsAsync(CancellationToken.None));

        // Assert
        Assert.InRange(clock.Elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(10));
        Assert.Equal(0, error.Status);
        Assert.Contains("BackupStorage:ConnectionString", error.Message, StringComparison.Ordinal);
        Assert.Contains("4 attempt(s)", error.Message, StringComparison.Ordinal);
        Assert.Contains("refused", error.Message, StringComparison.OrdinalIgnoreCase);
    }

    private static BlobContainer CreateSut(StubHttpHandler stub, TimeSpan? attemptTimeout = null) => new(
        new BlobStorageOptions
        {
            ConnectionString = "UseDevelopmentStorage=true",
            ContainerName = "backups",
            AttemptTimeout = attemptTimeout ?? TimeSpan.FromSeconds(10),
        },
        stub,
        BlobRetrySettings.Default with { Delay = TimeSpan.FromMilliseconds(1), MaxDelay = TimeSpan.FromMilliseconds(5), RequestTimeout = attemptTimeout ?? TimeSpan.FromSeconds(10) },
        NullLogger<BlobContainer>.Instance);
}
