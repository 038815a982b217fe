using System.Globalization;
using AccBackup.BackupConsole.Access;
using AccBackup.BackupConsole.Assets;
using AccBackup.BackupConsole.Browse;
using AccBackup.BackupConsole.Nights;
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
/// Function App). Each request passes the host's <see cref="IConsoleAccess"/> first. Errors are problem details naming the
/// parameter to fix.</summary>
public sealed partial class ConsoleApi
{
    private readonly IConsoleAccess access;
    private readonly ConsoleAssets assets;
    private readonly NightQueries nights;
    private readonly ProjectTree tree;
    private readonly VersionHistory history;
    private readonly VersionDownload downloads;
    private readonly BlobContainer container;
    private readonly ILogger<ConsoleApi> logger;

    internal ConsoleApi(
        IConsoleAccess access, ConsoleAssets assets, NightQueries nights, ProjectTree tree, VersionHistory history, VersionDownload downloads,
        BlobContainer container, ILogger<ConsoleApi> logger)
    {
        this.access = access;
        this.assets = assets;
        this.nights = nights;
        this.tree = tree;
        this.history = history;
        this.downloads = downloads;
        this.container = container;
        this.logger = logger;
    }

    /// <summary>Answers <paramref name="path"/> (the part after the console's mount point) for <paramref name="context"/>.</summary>
    public async Task AnswerAsync(HttpContext context, string? path)
    {
        ArgumentNullException.ThrowIfNull(context);
        var result = await ResultAsync(context.Request, (path ?? string.Empty).Trim('/'), context.RequestAborted).ConfigureAwait(false);
        Security(context.Response);
        await result.ExecuteAsync(context).ConfigureAwait(false);
    }

    private async Task<IResult> ResultAsync(HttpRequest request, string path, CancellationToken cancellationToken)
    {
        if (access.Check(request) is { } refusal)
        {
            return Results.Problem(statusCode: refusal.Status, title: "Not allowed", detail: refusal.Reason);
        }

        if (!HttpMethods.IsGet(request.Method) && !HttpMethods.IsHead(request.Method))
        {
            return Results.Problem(statusCode: StatusCodes.Status405MethodNotAllowed, title: "Read only", detail: "the console only reads: GET");
        }

        try
        {
            return await RouteAsync(request, path, cancellationToken).ConfigureAwait(false);
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
            return Problem(StatusCodes.Status404NotFound, "Not found", "no such night: its manifest is not in storage", null);
        }
        catch (RequestFailedException e)
        {
            Log.StorageFailed(logger, path, e);
            return Problem(StatusCodes.Status502BadGateway, "Storage failed", e.Message.Split('\n', 2)[0], null);
        }
    }

    private async Task<IResult> RouteAsync(HttpRequest request, string path, CancellationToken cancellationToken)
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
            default:
                return Problem(StatusCodes.Status404NotFound, "Not found", $"the console has no '{path}'", null);
        }
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
