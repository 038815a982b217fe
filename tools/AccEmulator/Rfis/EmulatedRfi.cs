namespace AccEmulator.Rfis;

/// <summary>One RFI as the RFIs API v3 holds it; changed only under its store's lock.</summary>
internal sealed class EmulatedRfi(Guid id, Guid projectGuid, int number)
{
    public Guid Id { get; } = id;

    /// <summary>The project (the API's <c>containerId</c>), a GUID without <c>b.</c>.</summary>
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>The number people see (<c>customIdentifier</c> "007"), unique in the project.</summary>
    public int Number { get; } = number;

    public required string Title { get; set; }

    public required string Question { get; set; }

    /// <summary>draft, submitted, open, openRev1, openRev2, answered, answeredRev1, answeredManager, closed or void.</summary>
    public required string Status { get; set; }

    public string? PreviousStatus { get; set; }

    /// <summary>low, normal or high.</summary>
    public required string Priority { get; set; }

    public required string Discipline { get; set; }

    public DateOnly? DueDate { get; set; }

    public List<string> AssignedTo { get; } = [];

    public List<string> Watchers { get; } = [];

    public string? LocationDescription { get; set; }

    /// <summary>Hidden from the default search; <c>filter.includeHidden</c> lists it.</summary>
    public bool Hidden { get; set; }

    public required string CreatedBy { get; init; }

    public required DateTimeOffset CreatedAt { get; init; }

    public required string UpdatedBy { get; set; }

    public required DateTimeOffset UpdatedAt { get; set; }

    public string? ClosedBy { get; set; }

    public DateTimeOffset? ClosedAt { get; set; }

    public List<RfiResponse> Responses { get; } = [];

    public List<RfiComment> Comments { get; } = [];

    public List<RfiAttachment> Attachments { get; } = [];

    /// <summary>The official response: the last response marked so; null until one is.</summary>
    public RfiResponse? OfficialResponse => Responses.LastOrDefault(r => r.Official);

    /// <summary>Records a change by <paramref name="user"/> at <paramref name="time"/>.</summary>
    public void Touch(string user, DateTimeOffset time)
    {
        UpdatedBy = user;
        UpdatedAt = time;
    }
}

/// <summary>An answer to an RFI (embedded in the RFI: the API has no list of its own for them).</summary>
internal sealed record RfiResponse(Guid Id, string Text, bool Official, string CreatedBy, DateTimeOffset CreatedAt);

/// <summary>A comment on an RFI.</summary>
internal sealed record RfiComment(Guid Id, string Body, string CreatedBy, DateTimeOffset CreatedAt);

/// <summary>A file attached to an RFI: an OSS object served through signeds3download, uploaded to the RFI or (<see cref="DocsVersion"/>)
/// a Docs file version, whose object it is.</summary>
/// <param name="AttachmentType">rfiResponse, rfiOfficialResponse, bridgeFiles or rfiWebHiddenFiles.</param>
internal sealed record RfiAttachment(
    Guid AttachmentId, Guid RfiId, string AttachmentType, string DisplayName, Accounts.StorageObject Storage, string CreatedBy, DateTimeOffset CreatedOn)
{
    /// <summary>The Docs file version this attachment is, written as <c>lineageUrn</c>/<c>versionUrn</c>/<c>tipVersionUrn</c>/<c>version</c>
    /// beside the version's <c>storageUrn</c>; null for a file uploaded to the RFI.</summary>
    public Accounts.EmulatedVersion? DocsVersion { get; init; }

    /// <summary>The file's extension (lower case, no dot), the API's <c>fileType</c>.</summary>
    public string FileType => Path.GetExtension(DisplayName).TrimStart('.').ToLowerInvariant();

    /// <summary>The API's <c>fileName</c>: the object key (<c>{attachmentId}.{ext}</c>).</summary>
    public string FileName => Storage.ObjectKey;
}
