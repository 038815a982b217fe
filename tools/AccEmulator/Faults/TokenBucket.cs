using System.Diagnostics;

namespace AccEmulator.Faults;

/// <summary>A byte-rate limiter: callers take what they need and wait off any debt, so concurrent takers share the rate.</summary>
/// <remarks>Bandwidth is physical, so this uses the real clock, not the emulator's (possibly frozen) one.</remarks>
internal sealed class TokenBucket
{
    private readonly Lock _gate = new();
    private readonly double _bytesPerSecond;
    private readonly double _capacity;
    private double _tokens;
    private long _last = Stopwatch.GetTimestamp();

    public TokenBucket(long bytesPerSecond)
    {
        _bytesPerSecond = Math.Max(1, bytesPerSecond);
        _capacity = Math.Max(_bytesPerSecond / 10, 1024);
        _tokens = _capacity;
    }

    /// <summary>A write size that keeps the stream smooth at this rate (about 20 writes a second, 64 KiB at most).</summary>
    public int ChunkSize => (int)Math.Clamp(_bytesPerSecond / 20, 512, 64 * 1024);

    public async ValueTask TakeAsync(int bytes, CancellationToken cancellationToken)
    {
        double debtSeconds;
        lock (_gate)
        {
            var now = Stopwatch.GetTimestamp();
            _tokens = Math.Min(_capacity, _tokens + (Stopwatch.GetElapsedTime(_last, now).TotalSeconds * _bytesPerSecond));
            _last = now;
            _tokens -= bytes;
            debtSeconds = _tokens < 0 ? -_tokens / _bytesPerSecond : 0;
        }

        if (debtSeconds > 0)
        {
            await Task.Delay(TimeSpan.FromSeconds(debtSeconds), cancellationToken);
        }
    }
}
