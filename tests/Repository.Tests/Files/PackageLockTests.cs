using System.Text.Json;
using System.Xml.Linq;
using AccBackup.Testing;

namespace AccBackup.Repository.Tests.Files;

/// <summary>What is deployed is what was tested: every project of the solution has its resolved packages committed, the
/// test command restores and builds in locked mode, and the Worker SDK's generated extensions project is pinned too.</summary>
[Trait("Category", "Unit")]
public sealed class PackageLockTests
{
    [Fact]
    public void Solution_EveryProject_HasACommittedLockFileForItsOwnTargetFramework()
    {
        // Arrange
        var projects = SolutionProjects();

        // Act
        var missing = projects
            .Where(project => !File.Exists(Path.Combine(RepoPaths.Root, Path.GetDirectoryName(project)!, "packages.lock.json")))
            .ToList();

        // Assert
        Assert.NotEmpty(projects);
        Assert.True(missing.Count == 0, $"projects without packages.lock.json: {string.Join(", ", missing)}");
        foreach (var project in projects)
        {
            using var lockFile = RepoFiles.Json(false, Path.GetDirectoryName(project)!, "packages.lock.json");
            Assert.True(lockFile.RootElement.GetProperty("dependencies").TryGetProperty("net10.0", out _), $"{project}: the lock file has no net10.0 graph");
        }
    }

    [Fact]
    public void BuildProps_LockFiles_AreOnForEveryProject()
    {
        // Act
        var props = XDocument.Parse(RepoFiles.Text("Directory.Build.props"));

        // Assert
        Assert.Equal("true", props.Descendants("RestorePackagesWithLockFile").Single().Value);
    }

    [Fact]
    public void TestCommand_RestoreAndBuild_RunInLockedMode()
    {
        // Act
        var script = RepoFiles.Text("scripts", "test.sh");

        // Assert: the restore refuses a resolution other than the lock files', and so does the restore the Worker SDK runs in the build.
        Assert.Contains("dotnet restore AccBackup.slnx --locked-mode", script, StringComparison.Ordinal);
        Assert.Matches(@"dotnet build AccBackup\.slnx [^\n]*-p:RestoreLockedMode=true", script);
    }

    [Fact]
    public void FunctionsProject_WorkerExtensionsRestore_GetsTheCommittedLockFile()
    {
        // Arrange
        var project = XDocument.Parse(RepoFiles.Text("src", "Functions", "AccBackup.Functions.csproj"));

        // Act
        var pin = project.Descendants("Target").Single(t => (string?)t.Attribute("Name") == "PinWorkerExtensionsPackages");
        var copy = pin.Descendants("Copy").Single();

        // Assert
        Assert.Equal("_WorkerExtensionsRestore", (string?)pin.Attribute("BeforeTargets"));
        Assert.Equal("WorkerExtensions.packages.lock.json", (string?)copy.Attribute("SourceFiles"));
        using var lockFile = RepoFiles.Json(false, "src", "Functions", "WorkerExtensions.packages.lock.json");
        var graph = lockFile.RootElement.GetProperty("dependencies").GetProperty("net8.0");
        Assert.Equal(JsonValueKind.Object, graph.GetProperty("Microsoft.Azure.WebJobs.Extensions.DurableTask").ValueKind);
    }

    private static List<string> SolutionProjects() =>
        [.. XDocument.Parse(RepoFiles.Text("AccBackup.slnx")).Descendants("Project")
            .Select(p => (string?)p.Attribute("Path"))
            .OfType<string>()
            .Where(path => path.EndsWith(".csproj", StringComparison.Ordinal))];
}
