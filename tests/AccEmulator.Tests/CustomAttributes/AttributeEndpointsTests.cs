using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Tests.Issues;

namespace AccEmulator.Tests.CustomAttributes;

/// <summary>Docs custom attributes as emulated: a folder's definitions paged (inherited ones too), <c>versions:batch-get</c> records
/// equal to the truth with an unknown version in <c>errors</c>, a value set seen at once, and a batch over the limit refused.</summary>
public sealed class AttributeEndpointsTests
{
    [Fact]
    public async Task Definitions_PagedByOne_EveryInheritedDefinitionOnce()
    {
        await using var host = await IssueHost.StartAsync();
        var folder = Folders(host).First(f => f.GetProperty("definitions").GetArrayLength() >= 3);
        var expected = folder.GetProperty("definitions").EnumerateArray().Select(d => d.GetProperty("id").GetInt32()).ToList();

        var ids = new List<int>();
        for (var offset = 0; offset < expected.Count; offset++)
        {
            var page = await host.GetJsonAsync(DefinitionsUrl(host, folder.GetProperty("folderId").GetString()!) + $"?limit=1&offset={offset}");
            Assert.Equal(expected.Count, page.GetProperty("pagination").GetProperty("totalResults").GetInt32());
            ids.AddRange(page.GetProperty("results").EnumerateArray().Select(d => d.GetProperty("id").GetInt32()));
        }

        Assert.Equal(expected, ids);
    }

    [Fact]
    public async Task BatchGet_TwoVersionsAndAnUnknown_RecordsEqualTheTruthTheUnknownInErrors()
    {
        await using var host = await IssueHost.StartAsync();
        var versions = Versions(host).Where(v => v.GetProperty("record").GetProperty("customAttributes").GetArrayLength() > 0).Take(2).ToList();
        var unknown = "urn:adsk.wipprod:fs.file:vf.nothing-here?version=1";

        using var response = await host.Http.PostAsJsonAsync(BatchUrl(host), new { urns = versions.Select(v => v.GetProperty("versionId").GetString()).Append(unknown) });

        response.EnsureSuccessStatusCode();
        var answer = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal(2, answer.GetProperty("results").GetArrayLength());
        Assert.All(versions.Zip(answer.GetProperty("results").EnumerateArray()), p => Assert.True(JsonElement.DeepEquals(p.First.GetProperty("record"), p.Second), p.Second.ToString()));
        Assert.Equal(unknown, answer.GetProperty("errors")[0].GetProperty("urn").GetString());
    }

    [Fact]
    public async Task BatchGet_AfterAValueIsSet_AnswersIt()
    {
        await using var host = await IssueHost.StartAsync();
        var definition = Folders(host).First(f => f.GetProperty("definitions").GetArrayLength() > 0).GetProperty("definitions")[0];
        var attributeId = definition.GetProperty("id").GetInt32();
        // The first version below a folder the attribute applies to (setting it elsewhere is refused).
        var versionId = Versions(host).Select(v => v.GetProperty("versionId").GetString()!).First(id => TrySet(host, id, attributeId));

        using var response = await host.Http.PostAsJsonAsync(BatchUrl(host), new { urns = new[] { versionId } });

        var value = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("results")[0].GetProperty("customAttributes").EnumerateArray()
            .Single(a => a.GetProperty("id").GetInt32() == attributeId);
        Assert.Equal(("Civil", definition.GetProperty("name").GetString()), (value.GetProperty("value").GetString(), value.GetProperty("name").GetString()));
    }

    [Fact]
    public async Task BatchGet_MoreUrnsThanTheLimit_Answers400()
    {
        await using var host = await IssueHost.StartAsync();

        using var response = await host.Http.PostAsJsonAsync(BatchUrl(host), new { urns = Enumerable.Range(0, 51).Select(i => $"urn:adsk.wipprod:fs.file:vf.x{i}?version=1") });

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    private static bool TrySet(IssueHost host, string versionId, int attributeId)
    {
        try
        {
            host.Server.AttributeMutations.SetValue(versionId, attributeId, "Civil");
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    private static List<JsonElement> Folders(IssueHost host)
    {
        using var truth = host.Server.AttributeTruth.Get(host.ProjectGuid(0));
        return [.. truth.RootElement.GetProperty("projects")[0].GetProperty("folders").EnumerateArray().Select(f => f.Clone())];
    }

    private static List<JsonElement> Versions(IssueHost host)
    {
        using var truth = host.Server.AttributeTruth.Get(host.ProjectGuid(0));
        return [.. truth.RootElement.GetProperty("projects")[0].GetProperty("versions").EnumerateArray().Select(v => v.Clone())];
    }

    private static string DefinitionsUrl(IssueHost host, string folderId) =>
        $"bim360/docs/v1/projects/{host.ProjectGuid(0)}/folders/{Uri.EscapeDataString(folderId)}/custom-attribute-definitions";

    private static string BatchUrl(IssueHost host) => $"bim360/docs/v1/projects/{host.ProjectGuid(0)}/versions:batch-get";
}
