namespace AccEmulator.Issues;

/// <summary>A project's issue settings: types with subtypes, root-cause categories with root causes, custom attributes and where they apply.</summary>
internal sealed record IssueSettings(
    IReadOnlyList<IssueType> Types,
    IReadOnlyList<RootCauseCategory> RootCauseCategories,
    IReadOnlyList<AttributeDefinition> AttributeDefinitions,
    IReadOnlyList<AttributeMapping> AttributeMappings);

internal sealed record IssueType(Guid Id, string Title, string Code, bool IsActive, int OrderIndex, string CreatedBy, DateTimeOffset CreatedAt, IReadOnlyList<IssueSubtype> Subtypes);

internal sealed record IssueSubtype(Guid Id, Guid IssueTypeId, string Title, string Code, bool IsActive, int OrderIndex);

internal sealed record RootCauseCategory(Guid Id, string Title, bool IsActive, IReadOnlyList<RootCause> RootCauses);

internal sealed record RootCause(Guid Id, Guid RootCauseCategoryId, string Title, bool IsActive);

/// <summary>A custom attribute: <paramref name="DataType"/> is list, text, paragraph or numeric; lists carry their options.</summary>
internal sealed record AttributeDefinition(
    Guid Id, string Title, string? Description, string DataType, IReadOnlyList<AttributeOption> Options, string CreatedBy, DateTimeOffset CreatedAt);

internal sealed record AttributeOption(Guid Id, string Value);

/// <summary>Which issue type (or subtype) shows a custom attribute, and in what order.</summary>
internal sealed record AttributeMapping(Guid Id, Guid AttributeDefinitionId, Guid MappedItemId, string MappedItemType, int Order);
