using System.Net;

namespace AccBackup.Acc;

/// <summary>An APS call failed: the base of the small family every APS failure is mapped to, in one place.</summary>
public class ApsException : Exception
{
    /// <summary>Creates the exception.</summary>
    public ApsException(ApsEndpoint endpoint, HttpStatusCode? status, string message, Exception? inner = null)
        : base(message, inner)
    {
        Endpoint = endpoint;
        Status = status;
    }

    /// <summary>The endpoint that failed.</summary>
    public ApsEndpoint Endpoint { get; }

    /// <summary>The HTTP status, when a response arrived.</summary>
    public HttpStatusCode? Status { get; }
}

/// <summary>APS rejected our credentials or our access: nothing can be done until a person fixes the settings.</summary>
public sealed class ApsAuthenticationException(ApsEndpoint endpoint, HttpStatusCode? status, string message)
    : ApsException(endpoint, status, message);

/// <summary>APS answered 4xx to a request that will not succeed if repeated (other than 401, 408, 429).</summary>
public sealed class ApsRequestException(ApsEndpoint endpoint, HttpStatusCode status, string message)
    : ApsException(endpoint, status, message);

/// <summary>APS answered, but with a body we cannot use (bad JSON, missing fields).</summary>
public sealed class ApsResponseException(ApsEndpoint endpoint, string message, Exception? inner = null)
    : ApsException(endpoint, null, message, inner);

/// <summary>Every retry of a transient failure (429, 5xx, 408, network, timeout) was used up.</summary>
public sealed class ApsUnavailableException(ApsEndpoint endpoint, HttpStatusCode? status, string message, Exception? inner)
    : ApsException(endpoint, status, message, inner);

/// <summary>The object is still being assembled by APS ("chunked"): try again later.</summary>
public sealed class ApsObjectNotReadyException(string objectKey)
    : ApsException(ApsEndpoint.SignedDownload, HttpStatusCode.OK, $"APS reports object '{objectKey}' as 'chunked' (still being assembled); no single download URL yet.");

/// <summary>A failure worth retrying; internal to the transport, surfaced as <see cref="ApsUnavailableException"/>.</summary>
internal sealed class ApsTransientException(ApsEndpoint endpoint, HttpStatusCode status, TimeSpan? retryAfter)
    : ApsException(endpoint, status, $"APS {endpoint} answered {(int)status}.")
{
    public TimeSpan? RetryAfter { get; } = retryAfter;
}

/// <summary>APS cannot be reached at <c>Aps:BaseUrl</c> (connection refused, name not resolved, TLS failed): retrying cannot fix it.</summary>
public sealed class ApsUnreachableException(ApsEndpoint endpoint, Uri baseUrl, string cause, Exception inner)
    : ApsException(endpoint, null,
        $"APS is unreachable at {ApsOptions.SectionName}:BaseUrl = {baseUrl} ({cause}). Retrying cannot fix this: check the setting, and the network, proxy or firewall between here and APS.",
        inner)
{
    /// <summary>The base URL that could not be reached.</summary>
    public Uri BaseUrl { get; } = baseUrl;

    /// <summary>Why, in a few words: "connection refused", "name not resolved: host", "TLS failed: …".</summary>
    public string Cause { get; } = cause;
}
