namespace AccEmulator.Auth;

/// <summary>A Secure Service Account (SSA) the emulator knows: its id, one registered key, and the projects it is invited to.</summary>
/// <param name="Id">The service account id, the <c>sub</c> of its assertions.</param>
/// <param name="KeyId">The id of its key, the <c>kid</c> of its assertions' header.</param>
/// <param name="PublicKeyPem">The public half of the key (PEM, <c>BEGIN PUBLIC KEY</c>): assertions are checked against it.</param>
/// <param name="ProjectIds">Project GUIDs (without <c>b.</c>) its e-mail is invited to; null means every project.</param>
public sealed record EmulatedServiceAccount(string Id, string KeyId, string PublicKeyPem, IReadOnlyList<string>? ProjectIds = null)
{
    /// <summary>Whether the account is a member of the project (GUID form, no <c>b.</c>).</summary>
    public bool IsInvitedTo(Guid projectGuid) =>
        ProjectIds is null || ProjectIds.Any(p => Guid.TryParse(p.StartsWith("b.", StringComparison.Ordinal) ? p[2..] : p, out var g) && g == projectGuid);
}
