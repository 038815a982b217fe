namespace AccEmulator.Accounts.Generation;

/// <summary>Generated history: every created thing is a random step after the previous one, in whole seconds.</summary>
/// <remarks>
/// Times only move forward in creation order, so a child is never older than its parent. They start in 2023 and end
/// well before any clock a test or a live run uses, so a mutation is always the newest change.
/// </remarks>
internal sealed class GenerationClock(DeterministicRandom random, TimeSpan averageStep)
{
    /// <summary>The first generated timestamp.</summary>
    public static readonly DateTimeOffset Start = new(2023, 1, 2, 8, 0, 0, TimeSpan.Zero);

    private DateTimeOffset _now = Start;

    /// <summary>Spreads <paramref name="events"/> steps over <paramref name="span"/>.</summary>
    public static GenerationClock Spread(DeterministicRandom random, int events, TimeSpan span) =>
        new(random, span / Math.Max(1, events));

    public DateTimeOffset Next()
    {
        var seconds = Math.Max(1, (long)(averageStep.TotalSeconds * 2 * random.NextDouble()));
        _now = _now.AddSeconds(seconds);
        return _now;
    }
}
