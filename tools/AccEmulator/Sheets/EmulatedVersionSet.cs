namespace AccEmulator.Sheets;

/// <summary>One version set: the sheets issued together on one date, in a collection or ungrouped.</summary>
internal sealed class EmulatedVersionSet(Guid id, Guid projectGuid, string name, DateOnly issuanceDate, EmulatedSheetCollection? collection)
{
    public Guid Id { get; } = id;

    public Guid ProjectGuid { get; } = projectGuid;

    public string Name { get; set; } = name;

    public DateOnly IssuanceDate { get; } = issuanceDate;

    /// <summary>Null for a version set outside every collection (listed only without <c>collectionId</c>, or with <c>*</c>).</summary>
    public EmulatedSheetCollection? Collection { get; } = collection;

    public required SheetUser CreatedBy { get; init; }

    public required DateTimeOffset CreatedAt { get; init; }

    public required SheetUser UpdatedBy { get; set; }

    public required DateTimeOffset UpdatedAt { get; set; }
}
