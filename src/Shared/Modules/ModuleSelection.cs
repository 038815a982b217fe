using AccBackup.Issues;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules;

/// <summary>The modules this process's runs keep, resolved from <c>Backup:Modules</c> and the credentials given.</summary>
public sealed class ModuleSelection(IOptions<ModuleSelectionOptions> options, IOptions<IssuesOptions> issues)
{
    /// <summary>The modules kept besides files, in <see cref="ModuleNames.Known"/>'s order.</summary>
    public IReadOnlyList<string> Kept { get; } = Resolve(options.Value, issues.Value);

    /// <summary>Whether runs keep <paramref name="module"/> (files always).</summary>
    public bool Keeps(string module) => module == ModuleNames.Files || Kept.Contains(module);

    /// <summary>The modules besides files and issues (issues run through their own export): those a run exports per project
    /// through its module-export activity.</summary>
    public IReadOnlyList<string> PerProjectModules => [.. Kept.Where(m => m != ModuleNames.Issues)];

    private static string[] Resolve(ModuleSelectionOptions options, IssuesOptions issues)
    {
        var named = options.Names;
        return named.Count == 0
            ? [.. ModuleNames.Known.Where(m => m != ModuleNames.Files && (!ModuleNames.NeedServiceAccount.Contains(m) || issues.IsConfigured))]
            : [.. ModuleNames.Known.Where(m => m != ModuleNames.Files && named.Contains(m))];
    }
}
