using System.Collections.Frozen;
using Microsoft.AspNetCore.Http;

namespace AccBackup.BackupConsole.Assets;

/// <summary>The console's pages, styles and script, embedded in this assembly (wwwroot/ beside this file) and served from
/// memory: nothing comes from another host at run time.</summary>
public sealed class ConsoleAssets
{
    private const string ResourcePrefix = "console/";
    private const string PageName = "index.html";

    private static readonly FrozenDictionary<string, string> ContentTypes = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        [".html"] = "text/html; charset=utf-8",
        [".css"] = "text/css; charset=utf-8",
        [".js"] = "text/javascript; charset=utf-8",
        [".svg"] = "image/svg+xml",
    }.ToFrozenDictionary(StringComparer.Ordinal);

    private readonly FrozenDictionary<string, byte[]> files;

    /// <summary>Reads every embedded asset once.</summary>
    public ConsoleAssets()
    {
        var assembly = typeof(ConsoleAssets).Assembly;
        var read = new Dictionary<string, byte[]>(StringComparer.Ordinal);
        foreach (var name in assembly.GetManifestResourceNames().Where(n => n.StartsWith(ResourcePrefix, StringComparison.Ordinal)))
        {
            using var stream = assembly.GetManifestResourceStream(name)!;
            using var copy = new MemoryStream();
            stream.CopyTo(copy);
            read[name[ResourcePrefix.Length..]] = copy.ToArray();
        }

        files = read.ToFrozenDictionary(StringComparer.Ordinal);
    }

    /// <summary>The one page (the script draws the Nights, Night and Browse views in it).</summary>
    public IResult Page() => File(PageName);

    /// <summary>The asset <paramref name="name"/>, or 404.</summary>
    public IResult File(string name) =>
        files.TryGetValue(name, out var bytes) && ContentTypes.TryGetValue(Path.GetExtension(name), out var type)
            ? Results.Bytes(bytes, type)
            : Results.Problem(statusCode: StatusCodes.Status404NotFound, title: "Not found", detail: $"the console has no asset '{name}'");
}
