using System.Globalization;
using AccBackup.Bench.Measure;

namespace AccBackup.Bench.Reporting;

/// <summary>What the nights scenario stored: the backup container after the first night and after every night, against what changed.</summary>
/// <param name="FirstNightBytes">The account's bytes at the first night (every file with storage, as served).</param>
/// <param name="ChangedFiles">Files changed over the nights (a file changed twice counts twice).</param>
/// <param name="ChangedBytes">The new versions' bytes, summed over the nights.</param>
/// <param name="NoChangeDataBlobs">Data blobs the no-change night added (should be 0).</param>
/// <param name="Ratio">Final data bytes ÷ (first night + changed).</param>
/// <param name="ChangingNightSeconds">The average wall of a changing night (in the bench's process).</param>
/// <param name="WrongNights">Nights that copied other than exactly the changed files.</param>
internal sealed record NightsStorage(
    int Nights,
    int FilesWithStorage,
    long FirstNightBytes,
    int ChangedFiles,
    long ChangedBytes,
    ContainerCensus AfterFirstNight,
    ContainerCensus Final,
    int NoChangeDataBlobs,
    long NoChangeDataBytes,
    double Ratio,
    double ChangingNightSeconds,
    IReadOnlyList<string> WrongNights)
{
    /// <summary>One line for the console.</summary>
    public string Describe() => F($"first night {FirstNightBytes / 1e6:F1} MB, {Nights} nights changed {ChangedFiles} files, {ChangedBytes / 1e6:F1} MB; data stored {Final.DataBytes / 1e6:F1} MB = {Ratio:F4} × (first + changed); manifests {Final.ManifestBytes / 1e6:F2} MB apart; no-change night: {NoChangeDataBlobs} data blobs");

    /// <summary>The scenario's findings.</summary>
    public IReadOnlyList<string> Findings() =>
    [
        F($"first night: {FirstNightBytes:N0} bytes ({FilesWithStorage} files with storage); stored after it: {AfterFirstNight.Describe()}"),
        F($"{Nights} changing nights: {ChangedFiles} files changed, {ChangedBytes:N0} bytes ({ChangedBytes / (double)Math.Max(FirstNightBytes, 1):P2} of the first night); {ChangingNightSeconds:F2} s a night on average"),
        F($"after {Nights + 2} nights: {Final.Describe()}"),
        F($"data bytes stored {Final.DataBytes:N0} ÷ (first night {FirstNightBytes:N0} + changed {ChangedBytes:N0}) = {Ratio:F4}; expected data blobs {FilesWithStorage + ChangedFiles}, found {Final.DataBlobs}"),
        F($"manifests and CSVs apart: {Final.ManifestBytes:N0} bytes in {Final.ManifestBlobs} blobs ({Final.ManifestBytes / (double)Math.Max(Final.DataBytes, 1):P2} of the data); other run records {Final.RecordBytes:N0} bytes; state container {Final.StateBytes:N0} bytes"),
        F($"the no-change night wrote {NoChangeDataBlobs} data blobs ({NoChangeDataBytes:N0} bytes)"),
        .. WrongNights,
    ];

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
