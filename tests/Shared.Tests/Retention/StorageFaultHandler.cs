using System.Net;
using System.Text;

namespace AccBackup.Tests.Retention;

/// <summary>Passes requests on to Azurite, and plays what Azure would do that Azurite cannot: refuse a delete (a retention
/// policy's 409, a missing role's 403), list a blob with a legal hold; or stops the caller after some deletes.</summary>
internal sealed class StorageFaultHandler : DelegatingHandler
{
    private int deletes;

    public StorageFaultHandler() => InnerHandler = new SocketsHttpHandler();

    /// <summary>Answers the <c>n</c>th delete (1-based) and its blob path, or returns null to let it through.</summary>
    public Func<int, string, HttpResponseMessage?>? OnDelete { get; init; }

    /// <summary>Blobs List Blobs reports with a legal hold.</summary>
    public IReadOnlySet<string> LegalHolds { get; init; } = new HashSet<string>();

    /// <summary>Blobs List Blobs reports with a blob-level immutability policy until the given time.</summary>
    public IReadOnlyDictionary<string, DateTimeOffset> ImmutableUntil { get; init; } = new Dictionary<string, DateTimeOffset>();

    /// <summary>Cancelled right after this many deletes succeeded: the prune is stopped there, as by Ctrl+C or a lost machine.</summary>
    public (int After, CancellationTokenSource Source)? StopAfterDeletes { get; init; }

    /// <summary>Deletes that reached Azurite.</summary>
    public int DeletesDone { get; private set; }

    /// <summary>A storage error response as Azure sends it: the status and the <c>x-ms-error-code</c> header.</summary>
    public static HttpResponseMessage Error(HttpStatusCode status, string code)
    {
        var response = new HttpResponseMessage(status)
        {
            Content = new StringContent($"<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>{code}</Code><Message>{code} (test)</Message></Error>", Encoding.UTF8, "application/xml"),
        };
        response.Headers.TryAddWithoutValidation("x-ms-error-code", code);
        return response;
    }

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Method == HttpMethod.Delete)
        {
            var n = Interlocked.Increment(ref deletes);
            if (OnDelete?.Invoke(n, Uri.UnescapeDataString(request.RequestUri!.AbsolutePath)) is { } refused)
            {
                return refused;
            }

            var response = await base.SendAsync(request, cancellationToken);
            if (++DeletesDone == StopAfterDeletes?.After)
            {
                await StopAfterDeletes.Value.Source.CancelAsync();
            }

            return response;
        }

        var answer = await base.SendAsync(request, cancellationToken);
        if ((LegalHolds.Count > 0 || ImmutableUntil.Count > 0) && request.RequestUri!.Query.Contains("comp=list", StringComparison.Ordinal))
        {
            var xml = await answer.Content.ReadAsStringAsync(cancellationToken);
            foreach (var blob in LegalHolds)
            {
                xml = xml.Replace($"<Name>{blob}</Name><Properties>", $"<Name>{blob}</Name><Properties><LegalHold>true</LegalHold>", StringComparison.Ordinal);
            }

            foreach (var (blob, until) in ImmutableUntil)
            {
                xml = xml.Replace(
                    $"<Name>{blob}</Name><Properties>",
                    $"<Name>{blob}</Name><Properties><ImmutabilityPolicyUntilDate>{until:R}</ImmutabilityPolicyUntilDate><ImmutabilityPolicyMode>locked</ImmutabilityPolicyMode>",
                    StringComparison.Ordinal);
            }

            answer.Content = new StringContent(xml, Encoding.UTF8, "application/xml");
        }

        return answer;
    }
}
