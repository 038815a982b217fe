using AccBackup.Testing;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The repository stands on its own: no file points at a path of a developer's machine or at notes kept outside
/// it; sources are cited by their public pages.</summary>
[Trait("Category", "Unit")]
public sealed class OutsidePathTests
{
    private static readonly string[] TextExtensions = [".cs", ".md", ".json", ".bicep", ".bicepparam", ".sh", ".kql", ".yaml", ".yml", ".csproj", ".props", ".cjs", ".js"];
    private static readonly string[] SkippedFolders = ["bin", "obj", "node_modules", ".git", "results"];
    private static readonly string[] MachinePaths = ["/work/", "shared/notes", "../shared/", "/root/", "/home/", "C:\\Users\\"];

    [Fact]
    public void RepositoryFiles_Text_NamesNoPathOutsideTheRepository()
    {
        // Act
        var hits = Files(RepoPaths.Root)
            .Where(file => !file.EndsWith("packages.lock.json", StringComparison.Ordinal) && !file.EndsWith(nameof(OutsidePathTests) + ".cs", StringComparison.Ordinal))
            .SelectMany(file => File.ReadLines(file).Select((line, index) => (file, line, index)))
            .Where(hit => MachinePaths.Any(path => hit.line.Contains(path, StringComparison.Ordinal)))
            .Select(hit => $"{RepoFiles.Relative(hit.file)}:{hit.index + 1}: {hit.line.Trim()}")
            .ToList();

        // Assert
        Assert.True(hits.Count == 0, "paths outside the repository:" + Environment.NewLine + string.Join(Environment.NewLine, hits));
    }

    private static IEnumerable<string> Files(string folder)
    {
        foreach (var file in Directory.EnumerateFiles(folder).Where(f => TextExtensions.Contains(Path.GetExtension(f), StringComparer.OrdinalIgnoreCase)))
        {
            yield return file;
        }

        foreach (var child in Directory.EnumerateDirectories(folder).Where(d => !SkippedFolders.Contains(Path.GetFileName(d), StringComparer.Ordinal)))
        {
            foreach (var file in Files(child))
            {
                yield return file;
            }
        }
    }
}
