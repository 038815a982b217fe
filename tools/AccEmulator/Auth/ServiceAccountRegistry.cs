using System.Collections.Concurrent;

namespace AccEmulator.Auth;

/// <summary>The service accounts (and their public keys) the token endpoint accepts assertions from; registered at start or at runtime.</summary>
internal sealed class ServiceAccountRegistry
{
    private readonly ConcurrentDictionary<string, EmulatedServiceAccount> _byKeyId = new(StringComparer.Ordinal);

    public ServiceAccountRegistry(IEnumerable<EmulatedServiceAccount> accounts)
    {
        foreach (var account in accounts)
        {
            Register(account);
        }
    }

    /// <summary>Adds or replaces (same key id) a service account's key; the PEM must hold an RSA public key.</summary>
    public void Register(EmulatedServiceAccount account)
    {
        ArgumentNullException.ThrowIfNull(account);
        ArgumentException.ThrowIfNullOrEmpty(account.Id);
        ArgumentException.ThrowIfNullOrEmpty(account.KeyId);
        using var rsa = System.Security.Cryptography.RSA.Create();
        rsa.ImportFromPem(account.PublicKeyPem); // throws ArgumentException for anything but a PEM key
        _byKeyId[account.KeyId] = account;
    }

    public EmulatedServiceAccount? FindByKeyId(string keyId) => _byKeyId.GetValueOrDefault(keyId);

    public EmulatedServiceAccount? FindById(string id) => _byKeyId.Values.FirstOrDefault(a => a.Id == id);
}
