using System.Globalization;
using AccBackup.Manifest;

namespace AccBackup.Durable.Control;

/// <summary>Run ids (= orchestration instance ids) for the two ways a run starts.</summary>
public static class RunIds
{
    /// <summary>The run id of the night a timer fire belongs to: <c>yyyyMMdd-nightly</c>, the night being the UTC date twelve
    /// hours before the fire, so every fire from noon to noon names the same night and a second fire starts nothing.</summary>
    public static string Nightly(DateTimeOffset firedAt) =>
        (firedAt.UtcDateTime - TimeSpan.FromHours(12)).ToString("yyyyMMdd", CultureInfo.InvariantCulture) + "-nightly";

    /// <summary>The run id of a run started on request: its start time and a short random tag (sortable beside nightly ids).</summary>
    public static string OnDemand(DateTimeOffset now) => RunLayout.NewRunId(now);
}
