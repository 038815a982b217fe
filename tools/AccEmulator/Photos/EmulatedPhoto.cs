namespace AccEmulator.Photos;

/// <summary>One photo or video of a project's Photos gallery; changed only under its store's lock.</summary>
internal sealed class EmulatedPhoto(Guid id, Guid projectGuid, Accounts.StorageObject file)
{
    public Guid Id { get; } = id;

    /// <summary>The project, a GUID without <c>b.</c>.</summary>
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>The bytes the signed <c>fileUrl</c> serves: an OSS object of the account, never changed (an edit is a new photo).</summary>
    public Accounts.StorageObject File { get; } = file;

    public required string Title { get; set; }

    public string? Description { get; set; }

    /// <summary><c>photo</c> or <c>video</c>.</summary>
    public required string MediaType { get; init; }

    /// <summary>The file's MIME type (<c>image/jpeg</c>, <c>video/mp4</c>).</summary>
    public required string Type { get; init; }

    public required DateTimeOffset TakenAt { get; init; }

    public double? Latitude { get; init; }

    public double? Longitude { get; init; }

    public bool IsPublic { get; set; }

    public bool Locked { get; set; }

    public required string CreatedBy { get; init; }

    public required DateTimeOffset CreatedAt { get; init; }

    public required string UpdatedBy { get; set; }

    public required DateTimeOffset UpdatedAt { get; set; }
}
