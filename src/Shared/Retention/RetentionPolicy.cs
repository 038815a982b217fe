using System.Globalization;

namespace AccBackup.Retention;

/// <summary>Which runs a prune keeps (grandfather-father-son): for each of the last <see cref="KeepDaily"/> days, ISO weeks and
/// months that have a run, the newest run of that day, week or month; and always the newest run. Days, weeks and months are
/// UTC, of each run's start.</summary>
/// <remarks>Pure: the same runs always give the same decisions, and removing the runs it did not keep changes none of them
/// (each kept run is the newest of its own period), so a prune that stopped half-way, run again, removes exactly the rest.</remarks>
/// <param name="KeepDaily">Days with a run to keep the newest run of (0 or more).</param>
/// <param name="KeepWeekly">ISO weeks (Monday to Sunday) with a run to keep the newest run of (0 or more).</param>
/// <param name="KeepMonthly">Calendar months with a run to keep the newest run of (0 or more).</param>
public sealed record RetentionPolicy(int KeepDaily = RetentionPolicy.DefaultDaily, int KeepWeekly = RetentionPolicy.DefaultWeekly, int KeepMonthly = RetentionPolicy.DefaultMonthly)
{
    /// <summary>Default days kept: a week of nights.</summary>
    public const int DefaultDaily = 7;

    /// <summary>Default ISO weeks kept: about a month of Sundays.</summary>
    public const int DefaultWeekly = 4;

    /// <summary>Default months kept: a year.</summary>
    public const int DefaultMonthly = 12;

    /// <summary>Decides every run of <paramref name="runs"/>, newest first.</summary>
    /// <exception cref="ArgumentOutOfRangeException">A count is negative.</exception>
    public IReadOnlyList<RetentionDecision> Apply(IEnumerable<RetentionCandidate> runs)
    {
        ArgumentNullException.ThrowIfNull(runs);
        ArgumentOutOfRangeException.ThrowIfNegative(KeepDaily);
        ArgumentOutOfRangeException.ThrowIfNegative(KeepWeekly);
        ArgumentOutOfRangeException.ThrowIfNegative(KeepMonthly);

        // Newest first; the run id breaks a tie of start times the same way every time.
        var newestFirst = runs.OrderByDescending(r => r.StartedAt).ThenByDescending(r => r.RunId, StringComparer.Ordinal).ToList();
        var periods = new[]
        {
            new Period(RetentionReason.Daily, KeepDaily, at => at.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)),
            new Period(RetentionReason.Weekly, KeepWeekly, at => $"{ISOWeek.GetYear(at)}-W{ISOWeek.GetWeekOfYear(at):D2}"),
            new Period(RetentionReason.Monthly, KeepMonthly, at => at.ToString("yyyy-MM", CultureInfo.InvariantCulture)),
        };

        var decisions = new List<RetentionDecision>(newestFirst.Count);
        for (var i = 0; i < newestFirst.Count; i++)
        {
            var run = newestFirst[i];
            var utc = run.StartedAt.UtcDateTime;
            var reasons = new List<RetentionReason>();
            if (i == 0)
            {
                reasons.Add(RetentionReason.Latest);
            }

            foreach (var period in periods)
            {
                if (period.Keeps(utc))
                {
                    reasons.Add(period.Reason);
                }
            }

            decisions.Add(new RetentionDecision(run, reasons));
        }

        return decisions;
    }

    /// <summary>One kind of period: keeps the first (newest) run of each new period until <paramref name="count"/> periods are kept.</summary>
    private sealed class Period(RetentionReason reason, int count, Func<DateTime, string> key)
    {
        private string? last;
        private int kept;

        public RetentionReason Reason => reason;

        public bool Keeps(DateTime utc)
        {
            var current = key(utc);
            if (current == last || kept >= count)
            {
                return false;
            }

            last = current;
            kept++;
            return true;
        }
    }
}
