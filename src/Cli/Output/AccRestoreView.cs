using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>restore --to-acc</c> prints: per file what it does (or did) and why, the counts, and the time APS's quotas imply.</summary>
internal static class AccRestoreView
{
    private const int MaxFilesShown = 50;

    public static void Write(IAnsiConsole console, AccRestoreResult result)
    {
        var plan = result.Plan;
        if (result.AlreadyFinished)
        {
            console.MarkupLine($"Restore {Markup.Escape(result.RestoreId)} finished at {result.FinishedAt:u}: nothing written now (its record is $acc-backup/restores/{Markup.Escape(result.RestoreId)}/).");
        }

        var writing = plan.Files.Where(f => f.Action != RestoreAction.Nothing).ToList();
        if (writing.Count > 0)
        {
            var table = new Table().Border(TableBorder.Simple).AddColumn("file").AddColumn("action").AddColumn("why");
            foreach (var file in writing.Take(MaxFilesShown))
            {
                table.AddRow(new Text(file.SourcePath), new Text(file.Action.ToString()), new Text(file.Reason));
            }

            console.Write(table);
            if (writing.Count > MaxFilesShown)
            {
                console.WriteLine($"… and {Units.Count(writing.Count - MaxFilesShown)} more (--json lists them all)");
            }
        }

        var counts = string.Join(", ", plan.Counts.Where(c => c.Value > 0).Select(c => $"{Units.Count(c.Value)} {c.Key}"));
        var floor = plan.QuotaFloor;
        console.MarkupLine(
            $"Plan of restore {Markup.Escape(plan.RestoreId)} from run {Markup.Escape(plan.RunId)}: {Markup.Escape(counts.Length == 0 ? "no files" : counts)}; "
            + $"folders: {plan.FoldersToCreate} to create, {plan.FoldersToUnhide} to restore; {Units.Bytes(plan.UploadBytes)} to upload; "
            + $"APS's write quotas imply at least {floor.Minutes:0.#} min ({floor.Items} items, {floor.Folders} folder writes, {floor.Versions} versions, {floor.Storage} storage, {floor.Oss} OSS calls).");
        foreach (var failure in result.Failures)
        {
            console.MarkupLine($"[red]Failed[/] {Markup.Escape(failure.Plan.SourcePath)}: {Markup.Escape(failure.Error ?? "")}");
        }

        if (!result.Applied)
        {
            console.MarkupLine("[yellow]Nothing in ACC was changed[/]: run again with --apply to carry the plan out.");
        }
        else if (!result.AlreadyFinished)
        {
            var line = $"{result.VersionsCreated} versions created, {Units.Bytes(result.UploadedBytes)} uploaded; record: $acc-backup/restores/{Markup.Escape(result.RestoreId)}/";
            console.MarkupLine(result.Succeeded ? $"[green]Restored into ACC[/]: {line}." : $"[red]Restore incomplete[/] ({result.Failures.Count} files failed): {line}.");
        }
    }
}
