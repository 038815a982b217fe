namespace AccBackup.Acc;

/// <summary>Which URLs this app sends requests to: https always; plain http only to a loopback host.</summary>
/// <remarks>
/// Loopback means what <see cref="Uri.IsLoopback"/> says: <c>localhost</c>, 127.0.0.0/8 and <c>[::1]</c>. Traffic to those
/// never leaves the machine, so TLS would protect nothing there, and it is where the APS emulator serves plain http in
/// tests and local runs. Any other host — a private address included — is reached over the network, where a bearer token,
/// a client secret or a signed URL's signature would travel in clear text.
/// </remarks>
internal static class HttpsRule
{
    /// <summary>Whether <paramref name="url"/> is absolute and https, or http to a loopback host.</summary>
    public static bool Allows(Uri url) =>
        url.IsAbsoluteUri && (url.Scheme == Uri.UriSchemeHttps || (url.Scheme == Uri.UriSchemeHttp && url.IsLoopback));

    /// <summary>The scheme, host and port of <paramref name="url"/>, for messages: never its user information, path or query (a
    /// signed URL's query is a secret, and a hostile link may carry credentials before its host).</summary>
    public static string Origin(Uri url) => url.IsAbsoluteUri ? $"{url.Scheme}://{url.Authority}" : "(relative)";
}
