using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Issues;

/// <summary>Counts the issue listing calls the Issues client makes, by kind: a pass's total (<c>limit=1</c>), a page of the
/// issues updated since a time (<c>filter[updatedAt]</c>), or a page of a pass's full listing; each with its pass.</summary>
internal sealed class IssueListingCounter
{
    private readonly ConcurrentQueue<(IssueListing Kind, bool Deleted)> calls = new();

    /// <summary>How many calls of <paramref name="kind"/> were made for one pass.</summary>
    public int Count(IssueListing kind, bool deleted) => calls.Count(c => c.Kind == kind && c.Deleted == deleted);

    /// <summary>How many calls of <paramref name="kind"/> were made for both passes.</summary>
    public int Count(IssueListing kind) => calls.Count(c => c.Kind == kind);

    public void Clear() => calls.Clear();

    /// <summary>Puts a counting handler in front of the Issues client's HTTP (one per handler pipeline, all counting here).</summary>
    public void AddTo(IServiceCollection services) =>
        services.AddHttpClient(nameof(AccBackup.Issues.IssuesClient)).AddHttpMessageHandler(() => new Handler(this));

    private void Record(Uri uri)
    {
        if (!uri.AbsolutePath.EndsWith("/issues", StringComparison.Ordinal))
        {
            return;
        }

        var query = uri.Query;
        var kind = query.Contains("filter%5BupdatedAt%5D", StringComparison.Ordinal) ? IssueListing.Changed
            : query.Contains("limit=1&", StringComparison.Ordinal) ? IssueListing.Total
            : IssueListing.Full;
        calls.Enqueue((kind, query.Contains("filter%5Bdeleted%5D=true", StringComparison.Ordinal)));
    }

    private sealed class Handler(IssueListingCounter counter) : DelegatingHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            counter.Record(request.RequestUri!);
            return base.SendAsync(request, cancellationToken);
        }
    }
}

/// <summary>What an issue listing call asks for.</summary>
internal enum IssueListing
{
    /// <summary>A pass's <c>totalResults</c> alone.</summary>
    Total,

    /// <summary>The issues of a pass updated since a time.</summary>
    Changed,

    /// <summary>Every issue of a pass.</summary>
    Full,
}
