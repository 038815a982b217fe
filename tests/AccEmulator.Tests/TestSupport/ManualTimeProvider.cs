namespace AccEmulator.Tests.TestSupport;

/// <summary>A clock that moves only when told to (Microsoft.Extensions.TimeProvider.Testing is not available here).</summary>
internal sealed class ManualTimeProvider(DateTimeOffset start) : TimeProvider
{
    /// <summary>Later than every generated timestamp, so mutations are always the newest change.</summary>
    public static readonly DateTimeOffset DefaultStart = new(2030, 1, 1, 12, 0, 0, TimeSpan.Zero);

    private DateTimeOffset _now = start;

    public ManualTimeProvider()
        : this(DefaultStart)
    {
    }

    public override DateTimeOffset GetUtcNow() => _now;

    public void Advance(TimeSpan by) => _now += by;
}
