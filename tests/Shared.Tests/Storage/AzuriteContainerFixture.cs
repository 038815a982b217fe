using AccBackup.Storage;
using AccBackup.Testing;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Storage;

/// <summary>A fresh, randomly named container on the test run's Azurite, one per test class.</summary>
public sealed class AzuriteContainerFixture : IAsyncLifetime, IDisposable
{
    private BlobContainer? container;

    /// <summary>The client for this class's container.</summary>
    public BlobContainer Container => container ?? throw new InvalidOperationException("The fixture is not initialized.");

    /// <summary>The Azurite instance the container lives on.</summary>
    public AzuriteServer Azurite { get; private set; } = null!;

    /// <summary>Options pointing at Azurite with <paramref name="containerName"/>.</summary>
    public static BlobStorageOptions OptionsFor(AzuriteServer azurite, string containerName) => new()
    {
        ConnectionString = azurite.ConnectionString,
        ContainerName = containerName,
        MaxConnections = 8,
        AttemptTimeout = TimeSpan.FromSeconds(30),
    };

    /// <summary>A container name no other test uses.</summary>
    public static string NewContainerName() => AzuriteServer.NewContainerName("test");

    /// <summary>A second client for this class's container whose requests reach Azurite with a wrong Content-MD5.</summary>
    public BlobContainer WithWrongContentMd5(WrongContentMd5Handler handler) =>
        new(OptionsFor(Azurite, Container.Name), handler, BlobRetrySettings.Default, NullLogger<BlobContainer>.Instance);

    /// <summary>A second client for this class's container whose first matching write lands but is answered 503.</summary>
    public BlobContainer WithLostAnswer(LostAnswerHandler handler) =>
        new(OptionsFor(Azurite, Container.Name), handler, BlobRetrySettings.Default, NullLogger<BlobContainer>.Instance);

    /// <summary>Deterministic pseudo-random bytes.</summary>
    public static byte[] RandomBytes(int size, int seed)
    {
        var bytes = new byte[size];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    /// <summary>The whole blob, read through <see cref="BlobContainer.OpenReadAsync"/>.</summary>
    public async Task<byte[]> ReadAllAsync(string blobName, long? offset = null, long? length = null)
    {
        await using var stream = await Container.OpenReadAsync(blobName, offset, length, CancellationToken.None);
        using var copy = new MemoryStream();
        await stream.CopyToAsync(copy);
        return copy.ToArray();
    }

    /// <inheritdoc />
    public async Task InitializeAsync()
    {
        Azurite = await AzuriteServer.GetAsync();
        container = new BlobContainer(
            Options.Create(OptionsFor(Azurite, NewContainerName())), NullLogger<BlobContainer>.Instance);
        await container.CreateIfNotExistsAsync(CancellationToken.None);
    }

    /// <inheritdoc />
    public Task DisposeAsync() => Task.CompletedTask;

    /// <inheritdoc />
    public void Dispose() => container?.Dispose();

    /// <summary>The Content-MD5 the service stores for <paramref name="content"/>.</summary>
#pragma warning disable CA5351 // Content-MD5 is the protocol's integrity check, compared here: no security relies on it.
    public static byte[] Md5(ReadOnlySpan<byte> content) => System.Security.Cryptography.MD5.HashData(content);
#pragma warning restore CA5351
}
