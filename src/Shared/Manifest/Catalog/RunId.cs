using System.Globalization;

namespace AccBackup.Manifest.Catalog;

/// <summary>A run's id: the name of its folder under <c>$acc-backup/runs/</c> and, in the Function App, its orchestration's
/// instance id. 1–100 letters, digits, '-', '_' or '.', never "..": the one place ids are made and checked.</summary>
public readonly record struct RunId
{
    private const int MaxLength = 100;

    private RunId(string value) => Value = value;

    /// <summary>The id as text.</summary>
    public string Value { get; }

    /// <summary>The id <paramref name="text"/> names; a malformed one is refused with the rule it breaks.</summary>
    /// <exception cref="ArgumentException">Not a valid run id.</exception>
    public static RunId Parse(string? text) => TryParse(text, out var id)
        ? id
        : throw new ArgumentException($"Run id '{text}' must be 1–{MaxLength} characters of letters, digits, '-', '_' or '.'.", nameof(text));

    /// <summary>Whether <paramref name="text"/> is a valid run id.</summary>
    public static bool TryParse(string? text, out RunId id)
    {
        var valid = !string.IsNullOrEmpty(text) && text.Length <= MaxLength
            && text.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.') && !text.Contains("..", StringComparison.Ordinal);
        id = valid ? new RunId(text!) : default;
        return valid;
    }

    /// <summary>The id of a run started now (on request, or by the CLI without <c>--run-id</c>): its start time and a short
    /// random tag, sortable beside nightly ids, unique enough for one account.</summary>
    public static RunId New(DateTimeOffset now) =>
        new(now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + Guid.NewGuid().ToString("N")[..4]);

    /// <summary>The id of the night a timer fire belongs to: <c>yyyyMMdd-nightly</c>, the night being the UTC date twelve hours
    /// before the fire, so every fire from noon to noon names the same night and a second fire starts nothing.</summary>
    public static RunId Nightly(DateTimeOffset firedAt) =>
        new((firedAt.UtcDateTime - TimeSpan.FromHours(12)).ToString("yyyyMMdd", CultureInfo.InvariantCulture) + "-nightly");

    /// <summary>The orchestration instance id of project number <paramref name="key"/> of this run: <c>{runId}:p{key:D4}</c>.</summary>
    public string ProjectInstance(int key) => Value + ":p" + key.ToString("D4", CultureInfo.InvariantCulture);

    /// <summary>The orchestration instance id of the exports (issues, modules) of project number <paramref name="key"/>: <c>{runId}:e{key:D4}</c>.</summary>
    public string ProjectExportsInstance(int key) => Value + ":e" + key.ToString("D4", CultureInfo.InvariantCulture);

    /// <inheritdoc />
    public override string ToString() => Value ?? "";
}
