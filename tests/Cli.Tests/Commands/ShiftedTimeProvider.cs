namespace AccBackup.Cli.Tests.Commands;

/// <summary>The system clock moved to <paramref name="now"/> at creation, then running on: a night run on an earlier day.</summary>
/// <remarks>Timers and delays are the system's; only the time of day differs. Storage still stamps blobs with its own clock,
/// so a night made on an earlier day still wrote its blobs before the next night started.</remarks>
internal sealed class ShiftedTimeProvider(DateTimeOffset now) : TimeProvider
{
    private readonly TimeSpan offset = now - System.GetUtcNow();

    /// <inheritdoc />
    public override DateTimeOffset GetUtcNow() => System.GetUtcNow() + offset;
}
