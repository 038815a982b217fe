namespace AccBackup.Acc.Tokens;

/// <summary>Where <see cref="ApsTransport"/> gets its bearer tokens: the app's own (<see cref="ApsTokenProvider"/>, two-legged)
/// or a service account's user-context ones (<see cref="Issues.SsaTokenProvider"/>).</summary>
internal interface IApsAccessTokens
{
    /// <summary>A token valid for at least a refresh margin.</summary>
    Task<string> GetTokenAsync(CancellationToken cancellationToken);

    /// <summary>Drops <paramref name="rejected"/> (APS answered 401 to it) and returns a fresh token.</summary>
    Task<string> RefreshAfterRejectionAsync(string rejected, CancellationToken cancellationToken);
}
