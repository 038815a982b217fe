namespace AccEmulator.Members;

/// <summary>One member of one project as the Admin API's project users hold it; changed only under its store's lock.</summary>
internal sealed class EmulatedMember(Guid id, Guid projectGuid)
{
    public Guid Id { get; } = id;

    public Guid ProjectGuid { get; } = projectGuid;

    public required string Email { get; init; }

    public required string FirstName { get; init; }

    public required string LastName { get; init; }

    public string Name => $"{FirstName} {LastName}";

    public required string AutodeskId { get; init; }

    public required MemberCompany Company { get; init; }

    /// <summary>The member's project roles (id and name).</summary>
    public List<MemberRole> Roles { get; } = [];

    public bool ProjectAdmin { get; set; }

    /// <summary><c>active</c>, <c>pending</c> (invited, not yet signed in) or <c>deleted</c> (removed from the project).</summary>
    public required string Status { get; set; }

    public required string JobTitle { get; init; }

    public required DateTimeOffset AddedOn { get; init; }

    public required DateTimeOffset UpdatedAt { get; set; }
}

/// <summary>A company of the account (members carry its id and name).</summary>
internal sealed record MemberCompany(Guid Id, string Name);

/// <summary>A project role (Architect, Project Engineer…).</summary>
internal sealed record MemberRole(Guid Id, string Name);
