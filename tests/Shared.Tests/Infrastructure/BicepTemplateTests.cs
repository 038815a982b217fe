using System.Text.RegularExpressions;

namespace AccBackup.Tests.Infrastructure;

/// <summary>The Bicep builds offline, grants least privilege, and matches azure.yaml and main.parameters.json.</summary>
public sealed partial class BicepTemplateTests
{
    private const string BlobDataContributor = "ba92f5b4-2d11-453d-a403-e96b0029c9fe";
    private const string RoleAssignmentType = "'Microsoft.Authorization/roleAssignments@";

    [Fact]
    public void Modules_EveryReference_IsALocalFileNotARegistry()
    {
        var problems = new List<string>();
        foreach (var file in RepoFiles.AllBicep)
        {
            var text = File.ReadAllText(file);
            problems.AddRange(RegistryReference().Matches(text).Select(m => $"{RepoFiles.Relative(file)} references the registry module {m.Value}"));
            problems.AddRange(ModuleReference().Matches(text)
                .Select(m => m.Groups["path"].Value)
                .Where(path => !File.Exists(Path.Combine(Path.GetDirectoryName(file)!, path)))
                .Select(path => $"{RepoFiles.Relative(file)} references {path}, which does not exist"));
        }

        Assert.NotEmpty(ModuleReference().Matches(File.ReadAllText(RepoFiles.MainBicep)));
        Problems.AssertNone(problems);
    }

    [Fact]
    public void BicepFiles_StringsAndBrackets_AreBalanced()
    {
        var problems = RepoFiles.AllBicep
            .Select(f => (File: f, Problem: BicepLexer.FindUnbalanced(File.ReadAllText(f))))
            .Where(r => r.Problem is not null)
            .Select(r => $"{RepoFiles.Relative(r.File)}: {r.Problem}");

        Problems.AssertNone(problems);
    }

    [Fact]
    public void RoleAssignments_EveryName_IsAGuid()
    {
        var assignments = RepoFiles.AllBicep
            .SelectMany(f => BicepObjectReader.ReadEach(File.ReadAllText(f), RoleAssignmentType).Select(a => (File: RepoFiles.Relative(f), Entries: a)))
            .ToList();

        Assert.NotEmpty(assignments);
        Problems.AssertNone(assignments
            .Where(a => !a.Entries.GetValueOrDefault("name", string.Empty).StartsWith("guid(", StringComparison.Ordinal))
            .Select(a => $"{a.File}: role assignment named {a.Entries.GetValueOrDefault("name", "(none)")}"));
    }

    [Fact]
    public void BackupStorage_OnlyRole_IsBlobDataContributorOnTheContainer()
    {
        var text = File.ReadAllText(RepoFiles.BackupStorageBicep);

        var roles = RoleId().Matches(text).Select(m => m.Groups["id"].Value).Distinct().ToList();
        var assignment = Assert.Single(BicepObjectReader.ReadEach(text, RoleAssignmentType));

        Assert.Equal([BlobDataContributor], roles);
        Assert.Equal("container", assignment["scope"]);
    }

    [Fact]
    public void AzureYaml_FunctionsService_DeploysSrcFunctionsWithTheBicep()
    {
        var yaml = RepoFiles.Text("azure.yaml");

        Assert.Matches(@"(?m)^infra:\s*\n(\s+\w+:.*\n)*?\s+path: infra/bicep\s*$", yaml);
        Assert.Matches(@"(?m)^services:\s*\n\s+functions:\s*\n\s+project: \./src/Functions\s*\n\s+language: dotnet\s*\n\s+host: function\s*$", yaml);
        Assert.True(File.Exists(Path.Combine(Testing.RepoPaths.Root, "src", "Functions", "AccBackup.Functions.csproj")), "src/Functions has no project.");
    }

    [Fact]
    public void MainParameters_EveryEntry_MatchesAParameterAndCoversEveryRequiredOne()
    {
        var bicep = File.ReadAllText(RepoFiles.MainBicep);
        var declared = Parameter().Matches(bicep).ToDictionary(m => m.Groups["name"].Value, m => m.Groups["default"].Success, StringComparer.Ordinal);
        using var parameters = RepoFiles.Json(allowComments: false, "infra", "bicep", "main.parameters.json");
        var supplied = parameters.RootElement.GetProperty("parameters").EnumerateObject().Select(p => p.Name).ToList();

        Problems.AssertNone(supplied.Where(p => !declared.ContainsKey(p)).Select(p => $"{p} is supplied but main.bicep declares no such parameter"));
        Problems.AssertNone(declared.Where(d => !d.Value && !supplied.Contains(d.Key)).Select(d => $"{d.Key} has no default and is not supplied"));
    }

    [GeneratedRegex(@"'(br|ts)[:/][^']*'")]
    private static partial Regex RegistryReference();

    [GeneratedRegex(@"(?m)^\s*module\s+\w+\s+'(?<path>[^']+)'")]
    private static partial Regex ModuleReference();

    [GeneratedRegex(@"'(?<id>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})'")]
    private static partial Regex RoleId();

    [GeneratedRegex(@"(?m)^param\s+(?<name>\w+)\s+\w+(?<default>\s*=.*)?$")]
    private static partial Regex Parameter();
}
