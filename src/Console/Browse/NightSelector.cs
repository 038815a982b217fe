using System.Globalization;
using AccBackup.BackupConsole.Api;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;

namespace AccBackup.BackupConsole.Browse;

/// <summary>Turns a page's <c>night</c> or <c>at</c> into a run: the night asked for, the last one finished by a date (as
/// <c>restore --as-of</c> picks it), or the latest.</summary>
internal sealed class NightSelector(ManifestReader reader, RunHistory runs, ManifestCache manifests)
{
    /// <summary>The run and its manifest.</summary>
    /// <exception cref="ConsoleRequestException">The date is not ISO 8601, no night had finished by it, or no night has finished.</exception>
    public async Task<(NightRef Night, RunManifest Manifest)> SelectAsync(string? night, string? at, CancellationToken cancellationToken)
    {
        string runId;
        if (!string.IsNullOrWhiteSpace(night))
        {
            runId = night.Trim();
        }
        else if (!string.IsNullOrWhiteSpace(at))
        {
            if (!DateTimeOffset.TryParse(at, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var when))
            {
                throw ConsoleRequestException.BadRequest("at", $"'{at}' is not a date and time (ISO 8601, e.g. 2026-11-20T06:00:00Z; a time without an offset is UTC)");
            }

            runId = (await runs.AsOfAsync(when, cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw ConsoleRequestException.NotFound($"no night had finished by {when:O}");
        }
        else
        {
            runId = (await reader.GetLatestAsync(cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw ConsoleRequestException.NotFound("no night has finished yet");
        }

        var manifest = await manifests.GetAsync(runId, cancellationToken).ConfigureAwait(false);
        return (new NightRef(manifest.Summary.RunId, manifest.Summary.FinishedAt), manifest);
    }
}
