using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.AccRestore.Record;

/// <summary>The record of every applied restore, written once in the backup container: <c>$acc-backup/restores/{id}/restore.json</c>
/// (plan and results) and <c>restore.csv</c> (a row per file for an auditor: what was done, the ACC version it created, and
/// what ACC could not keep). The JSON is written last: its presence means the restore finished.</summary>
public sealed class RestoreRecord(BlobContainer backup)
{
    /// <summary>The folder of every restore's record.</summary>
    public const string Prefix = BlobNames.ReservedPrefix + "/restores/";

    /// <summary>How the record is written and read.</summary>
    public static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    };

    /// <summary>The record's JSON blob.</summary>
    public static string JsonBlob(string restoreId) => Prefix + Validate(restoreId) + "/restore.json";

    /// <summary>The record's CSV blob.</summary>
    public static string CsvBlob(string restoreId) => Prefix + Validate(restoreId) + "/restore.csv";

    /// <summary>A restore's plan, as the orchestration keeps it between its activities.</summary>
    public static string PlanBlob(string restoreId) => Prefix + Validate(restoreId) + "/steps/plan.json";

    /// <summary>A restore's target folder ids (project|path → id), once its folders are done.</summary>
    public static string FoldersBlob(string restoreId) => Prefix + Validate(restoreId) + "/steps/folders.json";

    /// <summary>What one batch of files (from index <paramref name="first"/>) did.</summary>
    public static string BatchBlob(string restoreId, int first) => Prefix + Validate(restoreId) + "/steps/batches/" + first.ToString("D7", CultureInfo.InvariantCulture) + ".json";

    /// <summary>The JSON document at <paramref name="blobName"/>, or the default when there is none.</summary>
    public async Task<T?> ReadJsonAsync<T>(string blobName, CancellationToken cancellationToken)
    {
        try
        {
            var stream = await backup.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                return await JsonSerializer.DeserializeAsync<T>(stream, Json, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound || e.Status == 404)
        {
            return default;
        }
    }

    /// <summary>Writes <paramref name="value"/> at <paramref name="blobName"/> unless something is there already; returns what is there.</summary>
    public async Task<T> WriteJsonOnceAsync<T>(string blobName, T value, CancellationToken cancellationToken)
    {
        await CreateOnceAsync(blobName, JsonSerializer.SerializeToUtf8Bytes(value, Json), "application/json", cancellationToken).ConfigureAwait(false);
        return (await ReadJsonAsync<T>(blobName, cancellationToken).ConfigureAwait(false))!;
    }

    /// <summary>The finished restore's record, or null when it has not finished (or never ran).</summary>
    public Task<AccRestoreResult?> ReadAsync(string restoreId, CancellationToken cancellationToken) =>
        ReadJsonAsync<AccRestoreResult>(JsonBlob(restoreId), cancellationToken);

    /// <summary>Writes the record once (CSV, then JSON); a record already there is kept as it is.</summary>
    public async Task WriteAsync(AccRestoreResult result, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(result);
        await CreateOnceAsync(CsvBlob(result.RestoreId), Encoding.UTF8.GetBytes(Csv(result)), "text/csv", cancellationToken).ConfigureAwait(false);
        await CreateOnceAsync(JsonBlob(result.RestoreId), JsonSerializer.SerializeToUtf8Bytes(result, Json), "application/json", cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The CSV of <paramref name="result"/>: a header and a row per file.</summary>
    public static string Csv(AccRestoreResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var csv = new StringBuilder("path,targetProject,targetFolder,name,action,reason,outcome,itemId,createdVersions,createdVersionNumber,originalVersionNumber,uploadedBytes,fellBack,notKept,error\n");
        foreach (var file in result.Files)
        {
            var plan = file.Plan;
            string[] row =
            [
                plan.SourcePath, plan.TargetProjectId, plan.TargetFolder ?? "", plan.Name, plan.Action.ToString(), plan.Reason,
                file.Succeeded ? "done" : "failed", file.ItemId ?? "", string.Join(' ', file.CreatedVersions),
                file.CreatedVersionNumber?.ToString(CultureInfo.InvariantCulture) ?? "", plan.Night.VersionNumber?.ToString(CultureInfo.InvariantCulture) ?? "",
                file.UploadedBytes.ToString(CultureInfo.InvariantCulture), file.FellBack ?? "", file.NotKept ?? "", file.Error ?? "",
            ];
            csv.AppendJoin(',', row.Select(Quote)).Append('\n');
        }

        return csv.ToString();
    }

    private async Task CreateOnceAsync(string blobName, byte[] content, string contentType, CancellationToken cancellationToken)
    {
        try
        {
            await backup.UploadAsync(blobName, content, new BlobUploadOptions
            {
                HttpHeaders = new BlobHttpHeaders { ContentType = contentType },
                Conditions = BlobContainer.CreateOnly,
            }, cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobAlreadyExists || e.Status == 409)
        {
            // Written by an earlier attempt (an activity run again): the record is written once.
        }
    }

    // A leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula.
    private static string Quote(string value)
    {
        var safe = value.Length > 0 && "=+-@".Contains(value[0], StringComparison.Ordinal) ? "'" + value : value;
        return safe.IndexOfAny([',', '"', '\n', '\r']) >= 0 ? "\"" + safe.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"" : safe;
    }

    private static string Validate(string restoreId) =>
        !string.IsNullOrWhiteSpace(restoreId) && restoreId.Length <= 80 && restoreId.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.')
            ? restoreId
            : throw new ArgumentException($"The restore id '{restoreId}' must be 1-80 letters, digits, '-', '_' or '.'.", nameof(restoreId));
}
