using System.Collections.Immutable;
using System.Globalization;
using AccBackup.Acc;

namespace AccBackup.Quotas.SharedScope;

/// <summary>What a shared budget has granted per slice, over the slices that can still share a window with a new grant.</summary>
/// <remarks>
/// The rule: a take for slice j is granted while the slices from j − <see cref="ApsQuotaWindows.SlicesPerWindow"/> − 1 on
/// (j itself and any later slice already taken ahead) hold fewer than the window limit. Any window overlaps at most
/// <see cref="ApsQuotaWindows.SlicesPerWindow"/> + 1 consecutive slices, and the last grant into any such run of slices
/// counted all of them, so the run never holds more than the limit, whichever process took and in whatever order. The
/// one slice more is for the time between a grant and the call's arrival at APS, which counts arrivals: a burst granted
/// at the end of a slice whose first call is slow would otherwise share APS's window with the next window's burst (seen
/// as 5 × 429 of 489 calls by two busy processes on a loaded machine, SharedQuotaRunTests).
/// Calls granted but never made can be given back (<see cref="Without"/>): counts only fall to what was really spent.
/// Immutable: the store keeps it as text and replaces it with optimistic concurrency.
/// </remarks>
public sealed class QuotaGrants
{
    private const int Span = ApsQuotaWindows.SlicesPerWindow + 1;

    // Slice start (UTC ticks) → calls granted in it, oldest first.
    private readonly ImmutableSortedDictionary<long, int> slices;

    private QuotaGrants(ImmutableSortedDictionary<long, int> slices) => this.slices = slices;

    /// <summary>Nothing granted yet.</summary>
    public static QuotaGrants Empty { get; } = new(ImmutableSortedDictionary<long, int>.Empty);

    /// <summary>The latest slice anything was granted in, or null.</summary>
    public DateTimeOffset? Newest => slices.IsEmpty ? null : new DateTimeOffset(slices.Keys.Last(), TimeSpan.Zero);

    /// <summary>Calls granted in the slice starting at <paramref name="sliceStart"/>.</summary>
    public int GrantedIn(DateTimeOffset sliceStart) => slices.GetValueOrDefault(sliceStart.UtcTicks);

    /// <summary>How many of <paramref name="take"/>'s calls the rule grants now (0 when the window is full, or the slice is
    /// older than the one before the newest: the counts it would need may be gone, and its time is over anyway).</summary>
    public int Grantable(QuotaTake take)
    {
        ArgumentNullException.ThrowIfNull(take);
        var start = take.SliceStart.UtcTicks;
        if (Newest is { } newest && start < newest.UtcTicks - take.Slice.Ticks)
        {
            return 0;
        }

        var from = start - (Span * take.Slice.Ticks);
        var used = slices.Where(s => s.Key >= from).Sum(s => s.Value);
        return Math.Clamp(take.WindowLimit - used, 0, take.Count);
    }

    /// <summary>These grants without the calls <paramref name="returned"/> gives back (none if its slice was already dropped).</summary>
    public QuotaGrants Without(QuotaReturn? returned)
    {
        if (returned is null || !slices.TryGetValue(returned.SliceStart.UtcTicks, out var count))
        {
            return this;
        }

        var left = count - Math.Min(count, returned.Count);
        return new QuotaGrants(left == 0 ? slices.Remove(returned.SliceStart.UtcTicks) : slices.SetItem(returned.SliceStart.UtcTicks, left));
    }

    /// <summary>These grants with <paramref name="granted"/> more calls in <paramref name="take"/>'s slice, dropping slices no later take can count.</summary>
    public QuotaGrants With(QuotaTake take, int granted)
    {
        ArgumentNullException.ThrowIfNull(take);
        var start = take.SliceStart.UtcTicks;
        var next = slices.SetItem(start, slices.GetValueOrDefault(start) + granted);
        var keepFrom = next.Keys.Last() - ((Span + 1) * take.Slice.Ticks);
        return new QuotaGrants(next.RemoveRange(next.Keys.Where(k => k < keepFrom)));
    }

    /// <summary>The grants as text: <c>ticks:count</c> pairs, comma separated.</summary>
    public override string ToString() =>
        string.Join(',', slices.Select(s => string.Create(CultureInfo.InvariantCulture, $"{s.Key}:{s.Value}")));

    /// <summary>The grants written by <see cref="ToString"/>; <see cref="Empty"/> for text it did not write.</summary>
    public static QuotaGrants Parse(string? text)
    {
        var builder = ImmutableSortedDictionary.CreateBuilder<long, int>();
        foreach (var pair in (text ?? string.Empty).Split(',', StringSplitOptions.RemoveEmptyEntries))
        {
            var parts = pair.Split(':');
            if (parts.Length != 2
                || !long.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var ticks)
                || !int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var count))
            {
                return Empty;
            }

            builder[ticks] = count;
        }

        return new QuotaGrants(builder.ToImmutable());
    }
}
