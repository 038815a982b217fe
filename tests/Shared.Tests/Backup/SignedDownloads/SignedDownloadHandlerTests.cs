using System.Collections.Concurrent;
using System.Net;
using System.Net.Http.Headers;
using AccBackup.Backup;
using AccBackup.Backup.Copying;
using AccBackup.Backup.SignedDownloads;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Backup.SignedDownloads;

/// <summary>The download client's one retry layer, as registered, against a hand-written source and a fake clock.</summary>
[Trait("Category", "Unit")]
public sealed class SignedDownloadHandlerTests : IDisposable
{
    private static readonly byte[] Block = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();

    private readonly FakeTimeProvider clock = new();
    private readonly ScriptedSource source;
    private readonly ServiceProvider services;
    private readonly HttpMessageInvoker invoker;

    public SignedDownloadHandlerTests()
    {
        source = new ScriptedSource(clock);
        services = new ServiceCollection().AddLogging().AddCopyEngine(new ConfigurationBuilder().Build())
            .AddSingleton<TimeProvider>(clock).BuildServiceProvider();
        var handler = services.GetRequiredService<SignedDownloadHandler>();
        handler.InnerHandler = source;
        invoker = new HttpMessageInvoker(handler);
    }

    [Fact]
    public async Task SendAsync_BodyTruncatedOnce_RetriedAndWholeBodyBuffered()
    {
        source.Answers.Enqueue(() => Ranged(Block.AsSpan(0, 40).ToArray(), declared: Block.Length));
        source.Answers.Enqueue(() => Ranged(Block, declared: Block.Length));
        var target = new byte[Block.Length];

        var sending = invoker.SendAsync(Request(target), CancellationToken.None);
        await AdvanceUntilAsync(2);
        using var response = await sending;

        Assert.Equal(2, source.Seen);
        Assert.Equal(Block, target);
        Assert.Equal(Block, await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(Block.Length, response.Content.Headers.ContentRange!.Length);
    }

    [Fact]
    public async Task SendAsync_ServiceUnavailableWithRetryAfter_WaitsExactlyThatLong()
    {
        source.Answers.Enqueue(() => new HttpResponseMessage(HttpStatusCode.ServiceUnavailable) { Headers = { RetryAfter = new RetryConditionHeaderValue(TimeSpan.FromSeconds(7)) } });
        source.Answers.Enqueue(() => Ranged(Block, declared: Block.Length));

        var sending = invoker.SendAsync(Request(new byte[Block.Length]), CancellationToken.None);
        await AdvanceUntilAsync(2);
        using var response = await sending;

        Assert.Equal(HttpStatusCode.PartialContent, response.StatusCode);
        var waited = source.Times[1] - source.Times[0];
        Assert.InRange(waited, TimeSpan.FromSeconds(7), TimeSpan.FromSeconds(7.5)); // not the 500 ms backoff

    }

    [Fact]
    public async Task SendAsync_EveryAttemptFails_GivesUpAfterDownloadAttempts()
    {
        for (var i = 0; i < BlobCopier.DownloadAttempts + 1; i++)
        {
            source.Answers.Enqueue(() => new HttpResponseMessage(HttpStatusCode.InternalServerError));
        }

        var sending = invoker.SendAsync(Request(new byte[Block.Length]), CancellationToken.None);
        await AdvanceUntilAsync(BlobCopier.DownloadAttempts);
        using var response = await sending;

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Equal(BlobCopier.DownloadAttempts, source.Seen);
    }

    [Fact]
    public async Task SendAsync_NotFound_NotRetried()
    {
        source.Answers.Enqueue(() => new HttpResponseMessage(HttpStatusCode.NotFound));

        using var response = await invoker.SendAsync(Request(new byte[Block.Length]), CancellationToken.None);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal(1, source.Seen);
    }

    public void Dispose()
    {
        invoker.Dispose();
        services.Dispose();
    }

    /// <summary>Moves the fake clock in 100 ms steps until <paramref name="requests"/> have arrived (bounded).</summary>
    private async Task AdvanceUntilAsync(int requests)
    {
        for (var step = 0; step < 3000 && source.Seen < requests; step++)
        {
            await Task.Delay(5);
            clock.Advance(TimeSpan.FromMilliseconds(100));
        }

        Assert.True(source.Seen >= requests, $"only {source.Seen} of {requests} requests arrived");
    }

    private static HttpRequestMessage Request(byte[] target)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, new Uri("http://127.0.0.1/object?signature=x"));
        request.Headers.Range = new RangeHeaderValue(0, target.Length - 1);
        request.Options.Set(SignedDownloadHandler.BodyTarget, target.AsMemory());
        return request;
    }

    private static HttpResponseMessage Ranged(byte[] body, long declared)
    {
        // Declares the whole block but may send less: what a connection cut mid-body looks like to the reader.
        var content = new StreamContent(new MemoryStream(body));
        content.Headers.ContentLength = declared;
        content.Headers.ContentRange = new ContentRangeHeaderValue(0, declared - 1, declared);
        return new HttpResponseMessage(HttpStatusCode.PartialContent) { Content = content };
    }

    /// <summary>Answers requests from a script, counting them.</summary>
    private sealed class ScriptedSource(TimeProvider clock) : HttpMessageHandler
    {
        private int seen;

        public ConcurrentQueue<DateTimeOffset> TimesSeen { get; } = new();

        public DateTimeOffset[] Times => TimesSeen.ToArray();

        public ConcurrentQueue<Func<HttpResponseMessage>> Answers { get; } = new();

        public int Seen => Volatile.Read(ref seen);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            TimesSeen.Enqueue(clock.GetUtcNow());
            Interlocked.Increment(ref seen);
            Assert.True(Answers.TryDequeue(out var answer), "more requests than scripted");
            var response = answer();
            response.RequestMessage = request;
            return Task.FromResult(response);
        }
    }
}
