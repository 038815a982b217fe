using AccBackup.Acc;
using AccBackup.Cli.Hosting;
using AccBackup.Retry;
using AccBackup.Runs;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace AccBackup.Cli.Output;

/// <summary>Shows a run's progress while it works: a live panel on a terminal, a plain line per second when output is redirected.</summary>
/// <remarks>While APS requests are retrying, <paramref name="retries"/> says so ("retrying: APS answering 429 on FolderContents…").</remarks>
internal sealed class RunProgressDisplay(CliContext context, ApsRetryMonitor? retries = null) : IProgress<BackupProgress>
{
    private static readonly TimeSpan LiveInterval = TimeSpan.FromMilliseconds(250);
    private static readonly TimeSpan PlainInterval = TimeSpan.FromSeconds(1);

    private readonly ProgressRate rate = new(TimeSpan.FromSeconds(10));
    private readonly long started = context.Time.GetTimestamp();
    private BackupProgress? latest;

    /// <inheritdoc />
    public void Report(BackupProgress value) => Volatile.Write(ref latest, value);

    /// <summary>Renders progress until <paramref name="work"/> ends, then returns its result.</summary>
    public async Task<T> ShowWhileAsync<T>(Task<T> work)
    {
        if (context.Interactive)
        {
            await context.Console.Live(Render()).AutoClear(false).StartAsync(async live =>
            {
                while (!work.IsCompleted)
                {
                    await Task.WhenAny(work, Task.Delay(LiveInterval, context.Time)).ConfigureAwait(false);
                    live.UpdateTarget(Render());
                }
            }).ConfigureAwait(false);
        }
        else
        {
            string? last = null;
            while (!work.IsCompleted)
            {
                await Task.WhenAny(work, Task.Delay(PlainInterval, context.Time)).ConfigureAwait(false);
                var line = Line();
                if (line is not null && line != last && !work.IsCompleted)
                {
                    await context.Output.WriteLineAsync(line).ConfigureAwait(false);
                    last = line;
                }
            }
        }

        return await work.ConfigureAwait(false);
    }

    private (BackupProgress Progress, TimeSpan Elapsed, long Done, TimeSpan? Eta)? Snapshot()
    {
        if (Volatile.Read(ref latest) is not { } p)
        {
            return null;
        }

        var elapsed = context.Time.GetElapsedTime(started);
        var done = p.FilesCopied + p.FilesUnchanged + p.FilesNoContent + p.FilesFailed;
        rate.Add(elapsed, p.BytesCopied, done);

        // The total is known only once every folder is listed: before that an ETA would be a guess.
        var eta = p.Phase == "copying" ? rate.Eta(p.FilesFound - done) : null;
        return (p, elapsed, done, eta);
    }

    private string? Line()
    {
        if (Snapshot() is not var (p, elapsed, done, eta))
        {
            return null;
        }

        return $"[{Units.Duration(elapsed)}] {p.Phase}: projects {p.ProjectsDone}/{p.ProjectsTotal}, folders {Units.Count(p.FoldersListed)}, "
            + $"files {Units.Count(done)}/{Units.Count(p.FilesFound)} (copied {Units.Count(p.FilesCopied)}, unchanged {Units.Count(p.FilesUnchanged)}, "
            + $"no content {Units.Count(p.FilesNoContent)}, failed {Units.Count(p.FilesFailed)}), {Units.Bytes(p.BytesCopied)} copied"
            + (rate.BytesPerSecond is { } perSecond ? $" at {Units.Rate(perSecond)}" : string.Empty)
            + (eta is { } left ? $", ETA {Units.Duration(left)}" : string.Empty)
            + (retries?.Current is { } wait ? $"; retrying: {wait}" : string.Empty);
    }

    private Panel Render()
    {
        if (Snapshot() is not var (p, elapsed, done, eta))
        {
            (p, elapsed, done, eta) = (new BackupProgress("…", "starting", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), context.Time.GetElapsedTime(started), 0L, null);
        }

        var grid = new Grid().AddColumn(new GridColumn().NoWrap()).AddColumn();
        grid.AddRow(new Markup("[bold]Run[/]"), new Markup($"{Markup.Escape(p.RunId)} · [blue]{Markup.Escape(p.Phase)}[/] · {Units.Duration(elapsed)}"));
        grid.AddRow("Projects", $"{p.ProjectsDone} of {p.ProjectsTotal} done · {Units.Count(p.FoldersListed)} folders listed");
        grid.AddRow("Files", $"{Units.Count(done)} of {Units.Count(p.FilesFound)} found: {Units.Count(p.FilesCopied)} copied, "
            + $"{Units.Count(p.FilesUnchanged)} unchanged, {Units.Count(p.FilesNoContent)} no content, {Units.Count(p.FilesFailed)} failed");
        grid.AddRow("Data", $"{Units.Bytes(p.BytesCopied)} copied of {Units.Bytes(p.BytesFound)} listed · {(rate.BytesPerSecond is { } perSecond ? Units.Rate(perSecond) : "—")}");
        grid.AddRow("ETA", eta is { } left ? Units.Duration(left) : "—");
        if (retries?.Current is { } wait)
        {
            grid.AddRow(new Markup("[yellow]Retrying[/]"), new Markup(Markup.Escape(wait.ToString())));
        }

        return new Panel(grid).Header("acc-backup run").Border(BoxBorder.Rounded);
    }
}
