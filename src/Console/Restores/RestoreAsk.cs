using System.Globalization;
using System.Security.Cryptography;
using AccBackup.AccRestore;
using AccBackup.BackupConsole.Api;

namespace AccBackup.BackupConsole.Restores;

/// <summary>What the Restore page asks to plan: a file or folder of a project (as Browse shows it), the night or date it is
/// taken from, optionally one stored version of a file, and where it goes.</summary>
/// <param name="Project">The project the selection is in (its name).</param>
/// <param name="Path">The file or folder's ACC path (with or without the project); empty: the whole project.</param>
/// <param name="Night">The night (run id); with <paramref name="At"/> and <paramref name="Version"/> left out, the latest.</param>
/// <param name="At">Instead of a night: the last night finished by this time (ISO 8601; UTC without an offset).</param>
/// <param name="Version">One stored version of the file <paramref name="Path"/> names, from the newest night holding it.</param>
/// <param name="Target">"Project name/Folder/Sub": where the selection goes; empty: back in place.</param>
/// <param name="AllVersions">Whether an upload replays every stored version, oldest first.</param>
internal sealed record RestoreAsk(string? Project, string? Path, string? Night, string? At, int? Version, string? Target, bool AllVersions)
{
    /// <summary>The plan-only request this asks for, under a new restore id.</summary>
    /// <exception cref="ConsoleRequestException">A field is missing or wrong (named).</exception>
    public AccRestoreRequest ToRequest(DateTimeOffset now)
    {
        if (string.IsNullOrWhiteSpace(Project))
        {
            throw ConsoleRequestException.BadRequest("project", "pick the project to restore from");
        }

        var chosen = new[] { Night, At }.Count(v => !string.IsNullOrWhiteSpace(v)) + (Version is null ? 0 : 1);
        if (chosen > 1)
        {
            throw ConsoleRequestException.BadRequest("night", "give one of a night, a date, or a version of one file (none: the latest night)");
        }

        DateTimeOffset? asOf = null;
        if (!string.IsNullOrWhiteSpace(At))
        {
            asOf = DateTimeOffset.TryParse(At, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var when)
                ? when
                : throw ConsoleRequestException.BadRequest("at", $"'{At}' is not a date and time (ISO 8601, e.g. 2026-11-20T06:00:00Z; a time without an offset is UTC)");
        }

        if (Version is < 1)
        {
            throw ConsoleRequestException.BadRequest("version", "a version is a whole number from 1");
        }

        var path = string.IsNullOrWhiteSpace(Path) ? null : Path.Trim();
        if (Version is not null && path is null)
        {
            throw ConsoleRequestException.BadRequest("path", "a version restores one file: pick the file");
        }

        var target = string.IsNullOrWhiteSpace(Target) ? null : Target.Trim();
        if (target is not null)
        {
            try
            {
                RestoreTargetPath.ParseTarget(target);
            }
            catch (ArgumentException e)
            {
                throw ConsoleRequestException.BadRequest("target", e.Message);
            }
        }

        var id = "console-" + now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(3));
        return new AccRestoreRequest(id, string.IsNullOrWhiteSpace(Night) ? "latest" : Night.Trim(), asOf, Project.Trim(), path, Version, target, Apply: false, AllVersions);
    }
}
