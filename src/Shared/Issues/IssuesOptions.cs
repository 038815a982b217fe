namespace AccBackup.Issues;

/// <summary>The Secure Service Account (SSA) that reads ACC Issues in user context; all three settings absent = issues not configured.</summary>
/// <remarks>
/// The Issues API refuses the app's client-credentials token: it needs a user. An SSA is a user the app acts as without a
/// person signing in: the app signs a short JWT with the SSA's private key and exchanges it for a token (up to an hour).
/// An account admin attaches the SSA to the custom integration and invites its e-mail to every project to back up.
/// </remarks>
public sealed class IssuesOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Issues";

    /// <summary>The SSA's id (the <c>sub</c> of its assertions). Default: none (issues not configured).</summary>
    public string? ServiceAccountId { get; set; }

    /// <summary>The id of the SSA key whose private half is <see cref="PrivateKey"/> (the assertion's <c>kid</c>). Default: none.</summary>
    public string? KeyId { get; set; }

    /// <summary>The SSA key's private half, PEM (<c>-----BEGIN RSA PRIVATE KEY-----</c> or <c>PRIVATE KEY</c>). A secret: from Key Vault, never logged.</summary>
    public string? PrivateKey { get; set; }

    /// <summary>Scopes asked for in the assertion, space-separated. Default: data:read.</summary>
    public string Scopes { get; set; } = "data:read";

    /// <summary>How long each assertion is valid; APS's samples use five minutes. Default: 00:05:00.</summary>
    public TimeSpan AssertionLifetime { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>How far before the previous run's start an incremental read begins (<c>filter[updatedAt]</c>), for clocks that
    /// disagree and changes saved while that run read. Default: 00:15:00.</summary>
    public TimeSpan UpdatedOverlap { get; set; } = TimeSpan.FromMinutes(15);

    /// <summary>True when any of the three SSA settings is given (the validator then requires all three).</summary>
    public bool IsConfigured =>
        !string.IsNullOrWhiteSpace(ServiceAccountId) || !string.IsNullOrWhiteSpace(KeyId) || !string.IsNullOrWhiteSpace(PrivateKey);

    /// <summary>The <see cref="Scopes"/> as a list.</summary>
    public IReadOnlyList<string> ScopeList => Scopes.Split(' ', StringSplitOptions.RemoveEmptyEntries);
}
