using System.Globalization;
using System.Text;

namespace AccBackup.Manifest.Serialization;

/// <summary>The manifest as CSV for spreadsheets (RFC 4180, UTF-8 with BOM so Excel reads it right).</summary>
internal static class ManifestCsv
{
    public const string Header = "status,path,blobName,apiSize,storedSize,sizeMismatch,sizeReference,sha256,projectId,projectName,itemId,versionId,versionNumber,earlierVersion,error,verification,transfer";

    public static string Row(ManifestEntry e) => string.Join(',',
        Field(ManifestStatusNames.Of(e.Status)), Field(e.Path), Field(e.BlobName), Number(e.ApiSize), Number(e.StoredSize),
        e.SizeMismatch ? "true" : "false", Field(e.SizeReference), Field(e.Sha256), Field(e.ProjectId), Field(e.ProjectName), Field(e.ItemId),
        Field(e.VersionId), Number(e.VersionNumber), e.EarlierVersion ? "true" : "false", Field(e.Error), Field(e.Verification), Field(e.Transfer));

    private static string Number(long? value) => value?.ToString(CultureInfo.InvariantCulture) ?? string.Empty;

    /// <summary>One RFC 4180 field, formula-safe: a cell a spreadsheet would run as a formula starts with an apostrophe.</summary>
    internal static string Field(string? value)
    {
        if (string.IsNullOrEmpty(value))
        {
            return string.Empty;
        }

        // A cell starting with = + - @ would be run as a formula by spreadsheet tools: neutralise it.
        if (value[0] is '=' or '+' or '-' or '@' or '\t' or '\r')
        {
            value = "'" + value;
        }

        var quote = value.AsSpan().IndexOfAny(",\"\r\n") >= 0;
        return quote ? new StringBuilder(value.Length + 2).Append('"').Append(value.Replace("\"", "\"\"", StringComparison.Ordinal)).Append('"').ToString() : value;
    }
}
