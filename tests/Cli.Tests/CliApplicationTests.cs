using System.CommandLine;
using System.CommandLine.Help;

namespace AccBackup.Cli.Tests;

/// <summary>Usage errors: an option given a value it cannot take is refused with a message naming it and exit 1, before any
/// setting is read — never an unhandled exception. The options are taken from the command tree the tool parses with, so a
/// new option is covered as soon as it is added.</summary>
[Trait("Category", "Unit")]
public sealed class CliApplicationTests : IDisposable
{
    private const string File = "Tower A/Project Files/Model.rvt";

    private readonly string scratch = Directory.CreateTempSubdirectory("acc-backup-usage-").FullName;

    [Theory]
    [InlineData("--as-of", "restore", "--as-of", "garbage", "--to", "restored")]
    [InlineData("--as-of", "restore", "--as-of", "", "--to", "restored")]
    [InlineData("--version", "restore", "--path", File, "--version", "abc", "--to", "restored")]
    [InlineData("--keep-daily", "prune", "--keep-daily", "abc")]
    [InlineData("--top", "runs", "--top", "abc")]
    public async Task InvokeAsync_ValueThatDoesNotParse_UsageErrorNamingTheOptionExit1(string option, params string[] args)
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), args);

        Assert.True(result.ExitCode == ExitCodes.Fatal, result.ToString());
        Assert.Contains($"{option} needs ", result.Error, StringComparison.Ordinal);
        Assert.Contains("Usage:", result.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task InvokeAsync_EveryOptionOfEveryCommandGivenABadValue_UsageErrorNamingTheOptionExit1()
    {
        var root = CliHarness.CommandTree();
        var cases = (
            from command in root.Subcommands
            from option in command.Options.Concat(root.Options.Where(o => o.Recursive)).Where(o => o is not HelpOption)
            from bad in BadValues(option)
            select (Command: command, Option: option, Bad: bad)).ToList();
        var failures = new List<string>();

        foreach (var (command, option, bad) in cases)
        {
            string[] args = [command.Name, .. Needs(command, option), .. bad.Args];
            var shown = string.Join(' ', args.Select(a => a.Length == 0 ? "\"\"" : a));
            try
            {
                var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), args);
                if (result.ExitCode != ExitCodes.Fatal || !result.Error.Contains(bad.Named, StringComparison.Ordinal) || !result.Output.Contains("Usage:", StringComparison.Ordinal))
                {
                    failures.Add($"{shown}: expected a usage error naming {bad.Named}, got {result}");
                }
            }
            catch (Exception e)
            {
                failures.Add($"{shown}: unhandled {e.GetType().Name}: {e.Message}");
            }
        }

        // Six commands with five global options each, plus their own: a walk that found few would prove little.
        Assert.True(cases.Count > 50, $"only {cases.Count} cases");
        Assert.True(failures.Count == 0, string.Join("\n\n", failures));
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    /// <summary>Values <paramref name="option"/> cannot take, by its type; an option of a type not known here fails the test
    /// until one is added.</summary>
    private static IEnumerable<BadValue> BadValues(Option option)
    {
        if (option.ValueType == typeof(bool))
        {
            // A flag never takes a value that is not true or false: the parser reports the value it could not place.
            yield return new BadValue([option.Name + "=garbage"], "'garbage'");
            yield break;
        }

        yield return new BadValue([option.Name], option.Name); // no value at all
        string[] values = option.ValueType switch
        {
            var t when t == typeof(string) => [],
            var t when t == typeof(int) || t == typeof(int?) => ["abc", "", "1.5", "-1"],
            var t when t == typeof(DateTimeOffset?) => ["garbage", "", "2026-13-45"],
            var t when t == typeof(FileInfo) => [""],
            _ => throw new InvalidOperationException($"No bad value is known for {option.Name} of type {option.ValueType}: add one here."),
        };
        foreach (var value in values)
        {
            yield return new BadValue([option.Name, value], option.Name);
        }
    }

    /// <summary>What <paramref name="command"/> needs besides <paramref name="tested"/> to pass its own rules, so the error
    /// reported is the tested option's. restore takes exactly one of --run, --as-of and --version.</summary>
    private IEnumerable<string> Needs(Command command, Option tested)
    {
        (string Option, string Value)[] needs = command.Name switch
        {
            "restore" => [("--to", Path.Combine(scratch, "restored")), ("--run", "latest"), ("--path", File)],
            _ => [],
        };
        string[] chooseARun = ["--run", "--as-of", "--version"];
        var arguments = command.Name == "history" ? [File] : Array.Empty<string>();
        return arguments.Concat(needs
            .Where(n => n.Option != tested.Name && !(n.Option == "--run" && chooseARun.Contains(tested.Name)))
            .SelectMany(n => new[] { n.Option, n.Value }));
    }

    /// <summary>The arguments that give an option a bad value, and what the error must name.</summary>
    private sealed record BadValue(string[] Args, string Named);
}
