using AccBackup.Issues;

namespace AccBackup.Runs.Activities;

/// <summary>Output of the issue-export activity: counts only, and why the project's issues failed, if they did.</summary>
public sealed record ExportIssuesResult(int Issues, int DeletedIssues, int Comments, int Attachments, int AttachmentFailures, int IssuesRead, string? Error)
{
    /// <summary>Of <see cref="Attachments"/>, the Docs file versions referenced (the run's file backup stores their bytes).</summary>
    public int AttachmentsReferenced { get; init; }

    /// <summary>Issues of the run before that ACC lists no more: left out of this run's snapshot (<see cref="IssueExportResult.IssuesVanished"/>).</summary>
    public int IssuesVanished { get; init; }

    /// <summary>A project whose issues could not be exported, with the reason (naming the setting to fix).</summary>
    public static ExportIssuesResult Failed(string error) => new(0, 0, 0, 0, 0, 0, error);
}
