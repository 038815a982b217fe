using System.Globalization;

namespace AccEmulator.Issues;

/// <summary>The list filters a backup uses: <c>filter[deleted]</c> (true: only deleted; default only undeleted) and
/// <c>filter[updatedAt]</c> as a day, <c>a..b</c>, <c>a..</c> or <c>..b</c> (bounds inclusive); ranges refused (400) where
/// the emulator is told to answer as Autodesk's reference documents it, single values only
/// (<see cref="EmulatorOptions.RefuseIssueUpdatedAtRanges"/>).</summary>
internal sealed record IssueFilter(bool Deleted, DateTimeOffset? UpdatedFrom, DateTimeOffset? UpdatedTo)
{
    public bool Matches(EmulatedIssue issue) =>
        issue.Deleted == Deleted
        && (UpdatedFrom is not { } from || issue.UpdatedAt >= from)
        && (UpdatedTo is not { } to || issue.UpdatedAt <= to);

    public static bool TryParse(IQueryCollection query, bool refuseRanges, out IssueFilter filter, out string? error)
    {
        filter = new IssueFilter(false, null, null);
        error = null;
        var deleted = query["filter[deleted]"].ToString();
        if (deleted.Length > 0 && deleted is not ("true" or "false"))
        {
            error = "filter[deleted] must be true or false.";
            return false;
        }

        var updated = query["filter[updatedAt]"].ToString();
        DateTimeOffset? from = null, to = null;
        if (updated.Length > 0)
        {
            var separator = updated.IndexOf("..", StringComparison.Ordinal);
            if (separator < 0)
            {
                // A single day: that whole day, UTC.
                if (!DateOnly.TryParseExact(updated, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day))
                {
                    error = "filter[updatedAt] must be a day (YYYY-MM-DD) or a range a..b, a.. or ..b of ISO 8601 times.";
                    return false;
                }

                from = new DateTimeOffset(day.ToDateTime(TimeOnly.MinValue), TimeSpan.Zero);
                to = from.Value.AddDays(1).AddTicks(-1);
            }
            else if (refuseRanges)
            {
                error = $"filter[updatedAt] must be a single value (YYYY-MM-DD), not a range: '{updated}'.";
                return false;
            }
            else if (!TryTime(updated[..separator], out from) || !TryTime(updated[(separator + 2)..], out to) || (from is null && to is null))
            {
                error = $"filter[updatedAt] has a bound that is not an ISO 8601 time: '{updated}'.";
                return false;
            }
        }

        filter = new IssueFilter(deleted == "true", from, to);
        return true;
    }

    private static bool TryTime(string text, out DateTimeOffset? time)
    {
        time = null;
        if (text.Length == 0)
        {
            return true;
        }

        if (DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var parsed))
        {
            time = parsed;
            return true;
        }

        return false;
    }
}
