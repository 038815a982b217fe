namespace AccEmulator.Issues;

/// <summary>One ACC issue as the Issues API v1 holds it; changed only under its store's lock.</summary>
internal sealed class EmulatedIssue(Guid id, Guid projectGuid, int displayId)
{
    public Guid Id { get; } = id;

    /// <summary>The project (the API's <c>containerId</c>), a GUID without <c>b.</c>.</summary>
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>The number people see (#12), unique in the project.</summary>
    public int DisplayId { get; } = displayId;

    public required string Title { get; set; }

    public string? Description { get; set; }

    /// <summary>draft, open, pending, in_progress, completed, in_review, not_approved, in_dispute or closed.</summary>
    public required string Status { get; set; }

    public required Guid IssueTypeId { get; set; }

    public required Guid IssueSubtypeId { get; set; }

    public string? AssignedTo { get; set; }

    /// <summary>user, company or role; null when unassigned.</summary>
    public string? AssignedToType { get; set; }

    public DateOnly? DueDate { get; set; }

    public DateOnly? StartDate { get; set; }

    public Guid? LocationId { get; set; }

    public string? LocationDetails { get; set; }

    public Guid? RootCauseId { get; set; }

    public bool Published { get; set; } = true;

    public required string CreatedBy { get; init; }

    public required DateTimeOffset CreatedAt { get; init; }

    public required string UpdatedBy { get; set; }

    public required DateTimeOffset UpdatedAt { get; set; }

    public string? ClosedBy { get; set; }

    public DateTimeOffset? ClosedAt { get; set; }

    public string? DeletedBy { get; set; }

    public DateTimeOffset? DeletedAt { get; set; }

    public bool Deleted => DeletedAt is not null;

    public List<string> Watchers { get; } = [];

    public List<IssueAttributeValue> CustomAttributes { get; } = [];

    public List<IssueComment> Comments { get; } = [];

    public List<IssueAttachment> Attachments { get; } = [];

    /// <summary>Records a change by <paramref name="user"/> at <paramref name="time"/>.</summary>
    public void Touch(string user, DateTimeOffset time)
    {
        UpdatedBy = user;
        UpdatedAt = time;
    }
}

/// <summary>A custom attribute's value on one issue: list values hold the option id, numeric values a number's text.</summary>
internal sealed record IssueAttributeValue(Guid AttributeDefinitionId, string Title, string Type, string? Value);

/// <summary>A comment on an issue.</summary>
internal sealed record IssueComment(Guid Id, string Body, string CreatedBy, DateTimeOffset CreatedAt);

/// <summary>A file attached to an issue: a photo or PDF uploaded to the issue (an OSS object served through signeds3download),
/// or a Docs file version (<see cref="DocsVersion"/>), whose bytes are that version's object.</summary>
/// <param name="DisplayName">The name a person gave the file (the API's <c>displayName</c>): any text, repeated freely.</param>
internal sealed record IssueAttachment(
    Guid AttachmentId, Guid IssueId, string DisplayName, Accounts.StorageObject Storage, string CreatedBy, DateTimeOffset CreatedOn)
{
    /// <summary>The Docs file version this attachment is, written as <c>lineageUrn</c>/<c>versionUrn</c>/<c>tipVersionUrn</c>/<c>version</c>
    /// instead of a <c>storageUrn</c>; null for an uploaded file.</summary>
    public Accounts.EmulatedVersion? DocsVersion { get; init; }

    /// <summary>The file's extension (lower case, no dot), the API's <c>fileType</c>.</summary>
    public string FileType => Path.GetExtension(DisplayName).TrimStart('.').ToLowerInvariant();

    /// <summary>The API's <c>fileName</c>: as the service names it, <c>{attachmentId}.{ext}</c> (the object key), never the name a person gave.</summary>
    public string FileName => AttachmentId.ToString("D") + (FileType.Length == 0 ? "" : "." + FileType);
}
