namespace AccEmulator.Sheets;

/// <summary>One sheet (one page of one issued version set) as the Sheets API holds it; changed only under its store's lock.</summary>
internal sealed class EmulatedSheet(Guid id, Guid projectGuid, EmulatedVersionSet versionSet)
{
    public Guid Id { get; } = id;

    public Guid ProjectGuid { get; } = projectGuid;

    public EmulatedVersionSet VersionSet { get; } = versionSet;

    /// <summary>The sheet number people see, shared by the sheet's versions across version sets of a collection.</summary>
    public required string Number { get; set; }

    public required string Title { get; set; }

    public List<string> Tags { get; } = [];

    /// <summary>Whether this is the newest issuance of its number in its collection.</summary>
    public bool IsCurrent { get; set; } = true;

    public required string PaperSize { get; init; }

    public required Guid UploadId { get; init; }

    public required string UploadFileName { get; init; }

    public required string ViewableUrn { get; init; }

    public required Guid ViewableGuid { get; init; }

    public required SheetUser CreatedBy { get; init; }

    public required DateTimeOffset CreatedAt { get; init; }

    public required SheetUser UpdatedBy { get; set; }

    public required DateTimeOffset UpdatedAt { get; set; }

    public DateTimeOffset? DeletedAt { get; set; }

    public SheetUser? DeletedBy { get; set; }

    public bool Deleted => DeletedAt is not null;

    /// <summary>Markups published on the sheet (everyone sees them; an export with published markups draws them).</summary>
    public List<SheetMarkup> PublishedMarkups { get; } = [];

    /// <summary>Records a change: <c>updatedAt</c> moves on (publishing a markup counts as one, see <see cref="SheetMutator"/>).</summary>
    public void Touch(SheetUser user, DateTimeOffset time)
    {
        UpdatedBy = user;
        UpdatedAt = time;
    }
}

/// <summary>A published markup on a sheet: what the exported PDF draws over the page.</summary>
internal sealed record SheetMarkup(Guid Id, string Text, SheetUser By, DateTimeOffset At);

/// <summary>An ACC user as the Sheets API names one: its id and display name.</summary>
internal sealed record SheetUser(string Id, string Name);
