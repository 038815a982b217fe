namespace AccEmulator.Photos;

/// <summary>A link the Relationships API holds between a photo and another item (an issue, an RFI, a form), with the change
/// numbers its <c>:sync</c> tokens are counted in.</summary>
/// <param name="Domain">The other item's domain, e.g. <c>autodesk-construction-issue</c>.</param>
/// <param name="Type">The other item's type in its domain, e.g. <c>issue</c>.</param>
/// <param name="CreatedChange">The project's change number when the link was made.</param>
internal sealed record EmulatedRelationship(Guid Id, Guid PhotoId, string Domain, string Type, string ItemId, DateTimeOffset CreatedOn, long CreatedChange)
{
    /// <summary>When the link was removed; null while it holds.</summary>
    public DateTimeOffset? DeletedOn { get; set; }

    /// <summary>The project's change number when the link was removed.</summary>
    public long? DeletedChange { get; set; }

    /// <summary>Whether the link held after change <paramref name="change"/>.</summary>
    public bool HeldAfter(long change) => CreatedChange <= change && (DeletedChange is null || DeletedChange > change);
}
