using System.Globalization;
using AccBackup.BackupConsole.Access;
using AccBackup.BackupConsole.Assets;
using AccBackup.BackupConsole.Browse;
using AccBackup.BackupConsole.Nights;
using AccBackup.BackupConsole.Restores;
using AccBackup.AccRestore;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace AccBackup.BackupConsole.Api;

/// <summary>The console's one HTTP surface, the same in both hosts: the pages (<see cref="ConsoleAssets"/>) and the JSON under
/// <c>data/</c>, every path relative to where the host mounts the console (<c>/</c> locally, <c>/api/console/</c> in the
/// Function App). Each request passes the host's <see cref="IConsoleAccess"/> first. Everything is read with GET, except the
/// Restore page's two writes (POST <c>data/restores</c> plans, POST <c>data/restores/{id}/apply</c> applies), which the host
/// carries out through its <see cref="IConsoleRestores"/>. Errors are problem details naming the parameter to fix.</summary>
public sealed partial class ConsoleApi
{
    private readonly IConsoleAccess access;
    private readonly ConsoleAssets assets;
    private readonly NightQueries nights;
    private readonly ProjectTree tree;
    private readonly VersionHistory history;
    private readonly VersionDownload downloads;
    private readonly RestoreQueries restoreViews;
    private readonly BlobContainer container;
    private readonly TimeProvider time;
    private readonly ILogger<ConsoleApi> logger;

    internal ConsoleApi(
        IConsoleAccess access, ConsoleAssets assets, NightQueries nights, ProjectTree tree, VersionHistory history, VersionDownload downloads,
        RestoreQueries restoreViews, BlobContainer container, TimeProvider time, ILogger<ConsoleApi> logger)
    {
        this.restoreViews = restoreViews;
        this.time = time;
        this.access = access;
        this.assets = assets;
        this.nights = nights;
        this.tree = tree;
        this.history = history;
        this.downloads = downloads;
        this.container = container;
        this.logger = logger;
    }

    /// <summary>The largest body a POST may carry.</summary>
    public const int MaxBodyBytes = 16 << 10;

    /// <summary>Answers <paramref name="path"/> (the part after the console's mount point) for <paramref name="context"/>;
    /// <paramref name="restores"/> is how this host runs a restore into ACC.</summary>
    public async Task AnswerAsync(HttpContext context, string? path, IConsoleRestores restores)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(restores);
        var result = await ResultAsync(context.Request, (path ?? string.Empty).Trim('/'), restores, context.RequestAborted).ConfigureAwait(false);
        Security(context.Response);
        await result.ExecuteAsync(context).ConfigureAwait(false);
    }

    private async Task<IResult> ResultAsync(HttpRequest request, string path, IConsoleRestores restores, CancellationToken cancellationToken)
    {
        if (access.Check(request) is { } refusal)
        {
            return Results.Problem(statusCode: refusal.Status, title: "Not allowed", detail: refusal.Reason);
        }

        var reads = HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method);
        if (!reads && !(HttpMethods.IsPost(request.Method) && IsRestoreWrite(path)))
        {
            return Results.Problem(statusCode: StatusCodes.Status405MethodNotAllowed, title: "Read only", detail: "the console only reads (GET), except planning and applying a restore (POST data/restores)");
        }

        if (!reads && CrossSite(request) is { } why)
        {
            return Problem(StatusCodes.Status403Forbidden, "Not allowed", why, null);
        }

        try
        {
            return reads
                ? await RouteAsync(request, path, restores, cancellationToken).ConfigureAwait(false)
                : await WriteAsync(request, path, restores, cancellationToken).ConfigureAwait(false);
        }
        catch (ConsoleRequestException e)
        {
            return Problem(e.Status, e.Status == 404 ? "Not found" : "The request is not valid", e.Message, e.Field);
        }
        catch (ArgumentException e)
        {
            return Problem(StatusCodes.Status400BadRequest, "The request is not valid", e.Message, null);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound)
        {
            return Problem(StatusCodes.Status404NotFound, "Not found", path.StartsWith("data/restores/", StringComparison.Ordinal)
                ? "no record of that restore yet: it is written when the restore has been applied"
                : "no such night: its manifest is not in storage", null);
        }
        catch (RequestFailedException e)
        {
            Log.StorageFailed(logger, path, e);
            return Problem(StatusCodes.Status502BadGateway, "Storage failed", e.Message.Split('\n', 2)[0], null);
        }
    }

    private async Task<IResult> RouteAsync(HttpRequest request, string path, IConsoleRestores restores, CancellationToken cancellationToken)
    {
        var query = request.Query;
        var segments = path.Split('/');
        switch (segments)
        {
            case [""]:
                // The pages fetch "data/…" relative to themselves: the mount point must end with '/'.
                return request.Path.Value?.EndsWith('/') == true ? assets.Page() : Results.Redirect(request.PathBase + request.Path + "/");
            case ["assets", var name]:
                return assets.File(name);
            case ["data", "nights"]:
                return Json(await nights.ListAsync(cancellationToken).ConfigureAwait(false), ConsoleJsonContext.Default.NightList);
            case ["data", "nights", var runId]:
                return Json(await nights.GetAsync(runId, cancellationToken).ConfigureAwait(false), ConsoleJsonContext.Default.NightDetail);
            case ["data", "nights", var runId, "manifest.csv"]:
                var csv = await container.OpenReadAsync(RunLayout.Csv(runId), null, null, cancellationToken).ConfigureAwait(false);
                return Results.Stream(csv, "text/csv; charset=utf-8", $"manifest-{runId}.csv");
            case ["data", "projects"]:
                return Json(await tree.ProjectsAsync(query["night"], query["at"], cancellationToken).ConfigureAwait(false), ConsoleJsonContext.Default.ProjectList);
            case ["data", "folder"]:
                return Json(
                    await tree.FolderAsync(query["night"], query["at"], Required(request, "project"), query["folder"], cancellationToken).ConfigureAwait(false),
                    ConsoleJsonContext.Default.FolderListing);
            case ["data", "search"]:
                return Json(
                    await tree.SearchAsync(query["night"], query["at"], Required(request, "project"), Required(request, "q"), cancellationToken).ConfigureAwait(false),
                    ConsoleJsonContext.Default.SearchResult);
            case ["data", "history"]:
                return Json(await history.ReadAsync(Required(request, "path"), cancellationToken).ConfigureAwait(false), ConsoleJsonContext.Default.FileVersions);
            case ["data", "download"]:
                return await DownloadAsync(Required(request, "path"), Version(request), cancellationToken).ConfigureAwait(false);
            case ["data", "restores", var restoreId]:
                return Json(await restoreViews.ReadAsync(restores, RestoreId(restoreId), cancellationToken).ConfigureAwait(false), ConsoleJsonContext.Default.RestoreView);
            case ["data", "restores", var restoreId, "restore.csv"]:
                var record = await container.OpenReadAsync(RestoreRecord.CsvBlob(RestoreId(restoreId)), null, null, cancellationToken).ConfigureAwait(false);
                return Results.Stream(record, "text/csv; charset=utf-8", $"restore-{restoreId}.csv");
            default:
                return Problem(StatusCodes.Status404NotFound, "Not found", $"the console has no '{path}'", null);
        }
    }

    private static bool IsRestoreWrite(string path) => path.Split('/') is ["data", "restores"] or ["data", "restores", _, "apply"];

    private async Task<IResult> WriteAsync(HttpRequest request, string path, IConsoleRestores restores, CancellationToken cancellationToken)
    {
        if (path.Split('/') is ["data", "restores", var restoreId, "apply"])
        {
            var (started, refused) = await restores.ApplyAsync(RestoreId(restoreId), cancellationToken).ConfigureAwait(false);
            return refused is null ? Started(started!) : Conflict(refused);
        }

        var ask = await ReadBodyAsync(request, cancellationToken).ConfigureAwait(false);
        var restore = ask.ToRequest(time.GetUtcNow());
        return await restores.PlanAsync(restore, cancellationToken).ConfigureAwait(false) is { } refusal ? Conflict(refusal) : Started(restore.RestoreId);
    }

    private static async Task<RestoreAsk> ReadBodyAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        if (request.ContentLength > MaxBodyBytes)
        {
            throw ConsoleRequestException.BadRequest("body", $"the body is larger than {MaxBodyBytes >> 10} KiB");
        }

        try
        {
            return await System.Text.Json.JsonSerializer.DeserializeAsync(request.Body, ConsoleJsonContext.Default.RestoreAsk, cancellationToken).ConfigureAwait(false)
                ?? throw ConsoleRequestException.BadRequest("body", "the body must be a JSON object");
        }
        catch (System.Text.Json.JsonException e)
        {
            throw ConsoleRequestException.BadRequest(e.Path is { Length: > 2 } field ? field[2..] : "body", "the body is not the JSON the Restore page sends: " + e.Message);
        }
    }

    private static IResult Started(string restoreId) =>
        Results.Json(new RestoreStarted(restoreId, $"data/restores/{Uri.EscapeDataString(restoreId)}"), ConsoleJsonContext.Default.RestoreStarted, statusCode: StatusCodes.Status202Accepted);

    private static IResult Conflict(RestoreRefusal refusal) =>
        Results.Problem(statusCode: StatusCodes.Status409Conflict, title: "The restore cannot start now", detail: refusal.Detail,
            extensions: new Dictionary<string, object?> { ["reason"] = refusal.Reason });

    private static string RestoreId(string id) =>
        id.Length is > 0 and <= 80 && id.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.')
            ? id
            : throw ConsoleRequestException.BadRequest("id", "a restore id is 1-80 letters, digits, '-', '_' or '.'");

    // A write must come from the console's own page: a script request (a form on another site cannot set this header without a
    // CORS preflight, which the console never grants) whose Origin, when sent, is this host.
    private static string? CrossSite(HttpRequest request)
    {
        if (!string.Equals(request.Headers["X-Requested-With"], "XMLHttpRequest", StringComparison.Ordinal))
        {
            return "a restore is planned and applied from the console's page (X-Requested-With: XMLHttpRequest)";
        }

        var origin = request.Headers.Origin.ToString();
        return origin.Length == 0 || string.Equals(origin, $"{request.Scheme}://{request.Host}", StringComparison.OrdinalIgnoreCase)
            ? null
            : $"a restore is planned and applied from the console's own page, not from {origin}";
    }

    private async Task<IResult> DownloadAsync(string path, int version, CancellationToken cancellationToken)
    {
        var copy = await downloads.FindAsync(path, version, cancellationToken).ConfigureAwait(false);
        if (await downloads.LinkAsync(copy, cancellationToken).ConfigureAwait(false) is { } link)
        {
            return Results.Redirect(link.AbsoluteUri);
        }

        var bytes = await downloads.OpenAsync(copy, cancellationToken).ConfigureAwait(false);
        return new VersionStream(bytes, copy);
    }

    private static string Required(HttpRequest request, string name) =>
        request.Query[name].ToString() is { Length: > 0 } value && !string.IsNullOrWhiteSpace(value)
            ? value
            : throw ConsoleRequestException.BadRequest(name, $"query parameter '{name}' is required");

    private static int Version(HttpRequest request) =>
        int.TryParse(Required(request, "version"), NumberStyles.None, CultureInfo.InvariantCulture, out var version) && version > 0
            ? version
            : throw ConsoleRequestException.BadRequest("version", "query parameter 'version' must be a whole number from 1");

    private static IResult Json<T>(T value, System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> type) => Results.Json(value, type);

    private static IResult Problem(int status, string title, string detail, string? field) =>
        Results.Problem(statusCode: status, title: title, detail: detail, extensions: field is null ? null : new Dictionary<string, object?> { ["field"] = field });

    // The pages load nothing from elsewhere and are never framed; answers are not cached (a night may be added any time).
    private static void Security(HttpResponse response)
    {
        response.Headers.ContentSecurityPolicy = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
        response.Headers.XContentTypeOptions = "nosniff";
        response.Headers["Referrer-Policy"] = "no-referrer";
        response.Headers.CacheControl = "no-store";
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 7601, Level = LogLevel.Warning, Message = "Console request {Path} failed in storage")]
        public static partial void StorageFailed(ILogger logger, string path, Exception exception);
    }
}
