using System.Security.Cryptography;
using Microsoft.Extensions.Options;

namespace AccBackup.Issues;

/// <summary>Rules for <see cref="IssuesOptions"/>, with messages naming the setting and never quoting the key.</summary>
/// <remarks>No SSA settings at all is valid: issues are then not configured, and the files are backed up as before.</remarks>
internal sealed class IssuesOptionsValidator : IValidateOptions<IssuesOptions>
{
    /// <summary>The smallest RSA key accepted: below 2048 bits RSA is breakable (NIST SP 800-131A disallows it for signatures).</summary>
    public const int MinKeyBits = 2048;

    public ValidateOptionsResult Validate(string? name, IssuesOptions options)
    {
        if (!options.IsConfigured)
        {
            return ValidateOptionsResult.Success;
        }

        const string Section = IssuesOptions.SectionName;
        var failures = new List<string>();
        if (string.IsNullOrWhiteSpace(options.ServiceAccountId))
        {
            failures.Add($"{Section}:ServiceAccountId is required when {Section}:KeyId or {Section}:PrivateKey is set (the Secure Service Account's id).");
        }

        if (string.IsNullOrWhiteSpace(options.KeyId))
        {
            failures.Add($"{Section}:KeyId is required when {Section}:ServiceAccountId or {Section}:PrivateKey is set (the id of the SSA key).");
        }

        if (string.IsNullOrWhiteSpace(options.PrivateKey))
        {
            failures.Add($"{Section}:PrivateKey is required when {Section}:ServiceAccountId or {Section}:KeyId is set (the SSA key's private half, PEM).");
        }
        else if (RsaPrivateKeyBits(options.PrivateKey) is not { } bits)
        {
            failures.Add($"{Section}:PrivateKey is not an RSA private key in PEM form (-----BEGIN RSA PRIVATE KEY----- or -----BEGIN PRIVATE KEY-----).");
        }
        else if (bits < MinKeyBits)
        {
            failures.Add($"{Section}:PrivateKey is a {bits}-bit RSA key; at least {MinKeyBits} bits are required (generate a new key for the service account).");
        }

        if (!options.ScopeList.Contains("data:read"))
        {
            failures.Add($"{Section}:Scopes must include data:read; got '{options.Scopes}'.");
        }

        if (options.AssertionLifetime < TimeSpan.FromSeconds(30) || options.AssertionLifetime > TimeSpan.FromHours(1))
        {
            failures.Add($"{Section}:AssertionLifetime must be between 00:00:30 and 01:00:00; got {options.AssertionLifetime}.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }

    /// <summary>The size of the RSA private key the text holds, or null when it holds none; the exception (whose message
    /// could echo the text) is dropped.</summary>
    internal static int? RsaPrivateKeyBits(string pem)
    {
        try
        {
            using var rsa = RSA.Create();
            rsa.ImportFromPem(pem);
            rsa.ExportParameters(includePrivateParameters: true);
            return rsa.KeySize;
        }
        catch (Exception e) when (e is ArgumentException or CryptographicException)
        {
            return null;
        }
    }
}
