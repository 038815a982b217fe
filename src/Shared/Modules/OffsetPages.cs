using System.Runtime.CompilerServices;
using System.Text.Json;
using AccBackup.Acc.JsonApi;
using AccBackup.Acc;

namespace AccBackup.Modules;

/// <summary>Offset paging as the ACC module APIs answer it (<c>{"pagination":{…,"totalResults"},"results":[…]}</c>; Forms names
/// the array <c>data</c>): pages asked at offset 0, then offset plus what came back, until the offset reaches <c>totalResults</c>
/// or a page comes back empty.</summary>
internal static class OffsetPages
{
    /// <summary>The array most module APIs put a page's elements in.</summary>
    public const string Results = "results";

    /// <summary>The array the Forms API puts a page's elements in.</summary>
    public const string DataResults = "data";

    /// <summary>Every result of every page <paramref name="page"/> fetches (given the offset), whole and detached from its page.</summary>
    public static async IAsyncEnumerable<JsonElement> ReadAsync(
        ApsEndpoint endpoint, Func<long, CancellationToken, Task<JsonDocument>> page, [EnumeratorCancellation] CancellationToken cancellationToken,
        string resultsName = Results)
    {
        var reader = new JsonApiReader(endpoint);
        for (var offset = 0L; ;)
        {
            using var json = await page(offset, cancellationToken).ConfigureAwait(false);
            var total = reader.RequiredInt64(reader.Required(json.RootElement, "pagination", JsonValueKind.Object), "totalResults");
            var results = reader.Required(json.RootElement, resultsName, JsonValueKind.Array);
            foreach (var result in results.EnumerateArray())
            {
                yield return result.Clone();
            }

            offset += results.GetArrayLength();
            if (results.GetArrayLength() == 0 || offset >= total)
            {
                yield break;
            }
        }
    }

    /// <summary>Every result, in a list.</summary>
    public static async Task<List<JsonElement>> ToListAsync(IAsyncEnumerable<JsonElement> items)
    {
        var list = new List<JsonElement>();
        await foreach (var item in items.ConfigureAwait(false))
        {
            list.Add(item);
        }

        return list;
    }
}
