using System.Security.Cryptography;
using AccEmulator;
using AccEmulator.Auth;

namespace AccBackup.Testing;

/// <summary>A Secure Service Account for a test: a fresh RSA key pair, the <c>Issues:*</c> settings that give the product its
/// private half, and its registration with the emulator (invited to every project, or to those named).</summary>
public sealed class TestServiceAccount(string id, string keyId) : IDisposable
{
    /// <summary>The account's id (<c>Issues:ServiceAccountId</c>).</summary>
    public string Id { get; } = id;

    /// <summary>The key's id (<c>Issues:KeyId</c>).</summary>
    public string KeyId { get; } = keyId;

    /// <summary>The key pair; its public half is what <see cref="RegisterWith"/> gives the emulator.</summary>
    public RSA Key { get; } = RSA.Create(2048);

    /// <summary>The product's settings for this account, keyed as configuration keys (<c>Issues:KeyId</c>).</summary>
    public Dictionary<string, string?> Settings() => new()
    {
        ["Issues:ServiceAccountId"] = Id,
        ["Issues:KeyId"] = KeyId,
        ["Issues:PrivateKey"] = Key.ExportRSAPrivateKeyPem(),
    };

    /// <summary>Registers the public key with <paramref name="emulator"/> (again: replaces the invitation), invited to
    /// <paramref name="projectIds"/> (GUIDs) or, when null, to every project.</summary>
    public void RegisterWith(EmulatorServer emulator, IReadOnlyList<string>? projectIds = null)
    {
        ArgumentNullException.ThrowIfNull(emulator);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(Id, KeyId, Key.ExportSubjectPublicKeyInfoPem(), projectIds));
    }

    /// <inheritdoc />
    public void Dispose() => Key.Dispose();
}
