using System.Text.RegularExpressions;
using AccBackup.Testing;

namespace AccBackup.Tests.TestInfrastructure;

/// <summary>Hang waits hold on a loaded machine: each names a <see cref="TestWaits"/> limit rather than one tuned to a quiet machine.</summary>
[Trait("Category", "Unit")]
public sealed partial class TestWaitsTests
{
    [Fact]
    public void TestSources_HangWaits_NameATestWaitsLimitNotALiteral()
    {
        var tests = Path.Combine(RepoPaths.Root, "tests");
        var sep = Path.DirectorySeparatorChar;

        var literal = Directory.EnumerateFiles(tests, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{sep}obj{sep}", StringComparison.Ordinal) && !f.Contains($"{sep}bin{sep}", StringComparison.Ordinal))
            .SelectMany(f => File.ReadLines(f).Select((line, i) => (File: f, Line: i + 1, Text: line)))
            .Where(l => HangWaitWithLiteral().IsMatch(l.Text) && !l.Text.Contains("// not a hang wait", StringComparison.Ordinal))
            .Select(l => $"{Path.GetRelativePath(RepoPaths.Root, l.File)}:{l.Line}: {l.Text.Trim()}")
            .ToList();

        Assert.True(literal.Count == 0, "hang waits with a literal limit (use TestWaits):\n" + string.Join('\n', literal));
    }

    [Fact]
    public void TestWaits_EveryLimit_IsAtLeastAMinute()
    {
        // Azurite took over 30 s to answer, and a CLI run over 55 s, on 2 cores shared by seven builds (issue 35).
        Assert.True(TestWaits.Signal >= TimeSpan.FromMinutes(1));
        Assert.True(TestWaits.ProcessStart >= TimeSpan.FromMinutes(2));
        Assert.True(TestWaits.Run >= TimeSpan.FromMinutes(5));
    }

    // Waiting on a task, a token source, a process or a polling helper with a TimeSpan written in place; a token source
    // whose cancellation is what the test checks says so on its line ("// not a hang wait").
    [GeneratedRegex(@"(\.WaitAsync|new CancellationTokenSource|CancelAfter|WaitForExit|WaitUntil\w*Async|Within\w*Async)\([^;]*TimeSpan\.From(Milliseconds|Seconds|Minutes)\(")]
    private static partial Regex HangWaitWithLiteral();
}
