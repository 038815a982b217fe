using System.Reflection;
using System.Text.RegularExpressions;
using AccBackup.Cli;
using AccBackup.Cli.Hosting;
using AccBackup.Durable;
using AccBackup.Durable.Orchestrations;
using AccBackup.Functions;
using AccBackup.Runs.Activities;
using Microsoft.Azure.Functions.Worker;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The READMEs name what the code has: every function of the Function App in src/Functions/README.md's table, every
/// command of acc-backup in the README's command list, and nothing else.</summary>
[Trait("Category", "Unit")]
public sealed partial class ReadmeCommandTests
{
    [Fact]
    public void FunctionsReadme_FunctionTable_NamesEveryFunctionOfTheAppAndNoOther()
    {
        var table = FunctionTableNames(RepoFiles.Text("src", "Functions", "README.md"));

        Assert.Equal(AppFunctionNames().Order(StringComparer.Ordinal), table.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Readme_CommandList_NamesEveryCliCommandAndNoOther()
    {
        var listed = CommandLine().Matches(RepoFiles.Text("README.md")).Select(m => m.Groups[1].Value).Distinct(StringComparer.Ordinal);
        using var output = new StringWriter();
        var root = CliApplication.Build(new CliContext(output, output, false, new Dictionary<string, string?>(), AppContext.BaseDirectory, TimeProvider.System));

        Assert.Equal(root.Subcommands.Select(c => c.Name).Order(StringComparer.Ordinal), listed.Order(StringComparer.Ordinal));
    }

    /// <summary>The triggers written as methods ([Function]), the orchestrations, and the activities of src/Shared, each a
    /// function once the Durable extension registers the tasks.</summary>
    private static IEnumerable<string> AppFunctionNames()
    {
        var methods = typeof(BackupFunctionsApp).Assembly.GetTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly))
            .Select(m => m.GetCustomAttribute<FunctionAttribute>()?.Name)
            .OfType<string>();
        var activities = typeof(IRunActivity<,>).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && t.GetInterfaces().Any(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IRunActivity<,>)))
            .Select(BackupTasks.NameOf);
        return [.. methods, BackupRunOrchestrator.Name, ProjectBackupOrchestrator.Name, Durable.Restores.AccRestoreOrchestrator.Name, .. activities];
    }

    /// <summary>The names in the first column of the table under "## Functions" (a cell may name several, each in backticks).</summary>
    private static List<string> FunctionTableNames(string readme)
    {
        var section = readme[readme.IndexOf("## Functions", StringComparison.Ordinal)..];
        var rows = section.Split('\n').SkipWhile(l => !l.StartsWith('|')).TakeWhile(l => l.StartsWith('|')).Skip(2);
        return [.. rows.SelectMany(r => Quoted().Matches(r.Split('|')[1]).Select(m => m.Groups[1].Value))];
    }

    [GeneratedRegex(@"^dotnet run --project src/Cli -- ([a-z]+)", RegexOptions.Multiline)]
    private static partial Regex CommandLine();

    [GeneratedRegex("`([^`]+)`")]
    private static partial Regex Quoted();
}
