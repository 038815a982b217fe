namespace AccEmulator.DocsPermissions;

/// <summary>Who a Docs folder permission is given to: a user, a role or a company of the project.</summary>
/// <param name="SubjectType"><c>USER</c>, <c>ROLE</c> or <c>COMPANY</c>.</param>
/// <param name="SubjectStatus"><c>ACTIVE</c>, <c>INACTIVE</c>, <c>PENDING</c> or <c>DISABLED</c>.</param>
public sealed record FolderSubject(string SubjectId, string? AutodeskId, string Name, string? Email, string? UserType, string SubjectType, string SubjectStatus);
