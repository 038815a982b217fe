namespace AccEmulator.Sheets;

/// <summary>A collection of sheets (a group such as "Building A"), with the version sets and sheets issued into it.</summary>
internal sealed record EmulatedSheetCollection(Guid Id, string Name, SheetUser CreatedBy, DateTimeOffset CreatedAt);
