using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using AccEmulator.Tests.Issues;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Forms;

/// <summary>The Forms API as emulated: <c>{data,pagination}</c> offset paging of v2 forms, forms of inactive templates only with
/// <c>include=inactiveFormTemplates</c>, discarded forms never, <c>updatedAfter</c>, values and built-in table rows of a web form
/// (404 for a table its layout lacks), a PDF form's PDF values and signed PDF, a PDF template's signed blank PDF, 403 for the app's own token and for a service
/// account not invited, and one quota of 100 a minute for every Forms endpoint.</summary>
public sealed class FormEndpointsTests
{
    [Fact]
    public async Task ListForms_PagedByTwo_ReachesEveryListedFormOnceInactiveTemplatesOnlyWhenIncluded()
    {
        await using var host = await IssueHost.StartAsync();
        var truth = await TruthFormsAsync(host, 0);

        var active = await ListAllAsync(host, $"{Forms(host, 0)}?sort=formNum%20asc&limit=2");
        var all = await ListAllAsync(host, $"{Forms(host, 0)}?include=inactiveFormTemplates&sort=formNum%20asc&limit=2");

        Assert.Equal(truth.Select(f => f.GetProperty("id").GetString()), all.Select(f => f.GetProperty("id").GetString()));
        Assert.True(active.Count < all.Count);
        Assert.Contains(all, f => f.GetProperty("status").GetString() == "archived");
        Assert.DoesNotContain(all, f => f.GetProperty("status").GetString() == "discarded");
    }

    [Fact]
    public async Task ListForms_UpdatedAfter_ListsOnlyTheFormsUpdatedSince()
    {
        await using var host = await IssueHost.StartAsync();
        var before = host.Clock.GetUtcNow();
        host.Clock.Advance(TimeSpan.FromMinutes(5));
        var changed = Guid.Parse((await TruthFormsAsync(host, 0))[0].GetProperty("id").GetString()!);
        host.Server.FormMutations.Answer(changed, "Weather conditions", "Rain after 14:00");

        var listed = await ListAllAsync(host, $"{Forms(host, 0)}?include=inactiveFormTemplates&updatedAfter={before.AddSeconds(1):yyyy-MM-ddTHH:mm:ss.fffZ}");
        using var badTime = await host.Http.GetAsync($"{Forms(host, 0)}?updatedAfter=yesterday");
        using var tooMany = await host.Http.GetAsync($"{Forms(host, 0)}?limit=51");

        Assert.Equal([changed.ToString("D")], listed.Select(f => f.GetProperty("id").GetString()));
        Assert.Equal(HttpStatusCode.BadRequest, badTime.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, tooMany.StatusCode);
    }

    [Fact]
    public async Task ValuesTablesAndPdf_DemoForms_WebFormAnswersDailyReportRowsAndAPdfEqualToItsTruth()
    {
        await using var host = await IssueHost.StartAsync();
        using var truth = await host.Server.FormTruth.GetAsync(host.ProjectGuid(0));
        var forms = truth.RootElement.GetProperty("projects")[0].GetProperty("forms").EnumerateArray().ToList();
        var report = forms.First(f => f.GetProperty("tableRows").GetArrayLength() > 0);
        var checklist = forms.First(f => f.GetProperty("values").GetArrayLength() > 0 && f.GetProperty("tableRows").GetArrayLength() == 0 && f.GetProperty("pdfSha256").ValueKind == JsonValueKind.Null);
        var pdfForm = forms.First(f => f.GetProperty("pdfSha256").ValueKind == JsonValueKind.String);
        var base1 = $"construction/forms/v1/projects/{host.ProjectGuid(0)}/forms/";
        var base2 = $"{Forms(host, 0)}/";

        var values = (await host.GetJsonAsync(base2 + Id(checklist) + "/values")).GetProperty("data");
        var worklog = (await host.GetJsonAsync(base1 + Id(report) + "/table/6c8055d5-1301-46f6-9d18-8a2a208a277e/values")).GetProperty("data");
        using var noTable = await host.Http.GetAsync(base1 + Id(checklist) + "/table/6c8055d5-1301-46f6-9d18-8a2a208a277e/values");
        var pdfValues = (await host.GetJsonAsync(base2 + Id(pdfForm) + "/pdf-values")).GetProperty("data");
        var listed = (await ListAllAsync(host, $"{Forms(host, 0)}?include=inactiveFormTemplates&ids={Id(pdfForm)}")).Single();
        using var download = new HttpClient();
        var pdf = await download.GetByteArrayAsync(listed.GetProperty("pdfFile").GetProperty("pdfUrl").GetString());

        Assert.True(JsonElement.DeepEquals(checklist.GetProperty("values"), values));
        Assert.True(worklog.GetArrayLength() > 0);
        Assert.All(worklog.EnumerateArray(), r => Assert.Equal("worklogEntries", r.GetProperty("table").GetString()));
        Assert.Equal(HttpStatusCode.NotFound, noTable.StatusCode);
        Assert.True(JsonElement.DeepEquals(pdfForm.GetProperty("pdfValues"), pdfValues));
        Assert.Equal(pdfForm.GetProperty("pdfSha256").GetString(), Convert.ToHexStringLower(SHA256.HashData(pdf)));
    }

    [Fact]
    public async Task ListTemplates_PdfTemplate_SignedPdfUrlServesTheTruthsBytesAndAReplacedPdfMovesUpdatedAt()
    {
        await using var host = await IssueHost.StartAsync();
        var templates = $"construction/forms/v1/projects/{host.ProjectGuid(0)}/form-templates";
        using var truth1 = await host.Server.FormTruth.GetAsync(host.ProjectGuid(0));
        var blank = truth1.RootElement.GetProperty("projects")[0].GetProperty("templates").EnumerateArray().Single(t => t.GetProperty("pdfSha256").ValueKind == JsonValueKind.String);
        var id = blank.GetProperty("template").GetProperty("id").GetString()!;
        using var download = new HttpClient();

        var listed = (await host.GetJsonAsync(templates)).GetProperty("data").EnumerateArray().Select(t => t.Clone()).ToList();
        var pdf = await download.GetByteArrayAsync(listed.Single(t => t.GetProperty("id").GetString() == id).GetProperty("pdfUrl").GetString());
        host.Clock.Advance(TimeSpan.FromMinutes(5));
        host.Server.FormMutations.ReplaceTemplatePdf(Guid.Parse(id), 7_000);
        var relisted = (await host.GetJsonAsync(templates)).GetProperty("data").EnumerateArray().Single(t => t.GetProperty("id").GetString() == id).Clone();
        var replaced = await download.GetByteArrayAsync(relisted.GetProperty("pdfUrl").GetString());
        using var truth2 = await host.Server.FormTruth.GetAsync(host.ProjectGuid(0));

        Assert.All(listed.Where(t => t.GetProperty("id").GetString() != id), t => Assert.False(t.TryGetProperty("pdfUrl", out _)));
        Assert.DoesNotContain("token", listed.Single(t => t.GetProperty("id").GetString() == id).GetProperty("pdfUrl").GetString()!, StringComparison.OrdinalIgnoreCase);
        Assert.Equal(blank.GetProperty("pdfSha256").GetString(), Convert.ToHexStringLower(SHA256.HashData(pdf)));
        Assert.Equal(7_000, replaced.Length);
        var after = truth2.RootElement.GetProperty("projects")[0].GetProperty("templates").EnumerateArray().Single(t => t.GetProperty("template").GetProperty("id").GetString() == id);
        Assert.Equal(after.GetProperty("pdfSha256").GetString(), Convert.ToHexStringLower(SHA256.HashData(replaced)));
        Assert.NotEqual(blank.GetProperty("template").GetProperty("updatedAt").GetString(), after.GetProperty("template").GetProperty("updatedAt").GetString());
    }

    [Fact]
    public async Task ListForms_ClientCredentialsToken_Answers403NamingUserContext()
    {
        await using var client = await TestEmulator.ConnectAsync();
        var projectId = (await client.TopFoldersAsync()).ProjectId[2..];

        using var response = await client.Http.GetAsync($"construction/forms/v2/projects/{projectId}/forms");

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains("user-context", (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("developerMessage").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ListForms_ServiceAccountNotInvited_Answers403NamingTheMembership()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: p => [p[1]]);

        using var refused = await host.Http.GetAsync(Forms(host, 0));
        using var allowed = await host.Http.GetAsync(Forms(host, 1));

        Assert.Equal(HttpStatusCode.Forbidden, refused.StatusCode);
        Assert.Contains("not a member", await refused.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, allowed.StatusCode);
    }

    [Fact]
    public async Task ListForms_OverOneHundredInAMinute_Answers429WithRetryAfterForEveryFormsEndpoint()
    {
        await using var host = await IssueHost.StartAsync();
        for (var i = 0; i < 100; i++)
        {
            using var ok = await host.Http.GetAsync($"{Forms(host, 0)}?limit=1");
            Assert.Equal(HttpStatusCode.OK, ok.StatusCode);
        }

        using var refused = await host.Http.GetAsync($"{Forms(host, 0)}?limit=1");
        using var templates = await host.Http.GetAsync($"construction/forms/v1/projects/{host.ProjectGuid(0)}/form-templates");

        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.NotNull(refused.Headers.RetryAfter);
        Assert.Equal(HttpStatusCode.TooManyRequests, templates.StatusCode);
    }

    private static string Forms(IssueHost host, int project) => $"construction/forms/v2/projects/{host.ProjectGuid(project)}/forms";

    private static string Id(JsonElement truthForm) => truthForm.GetProperty("form").GetProperty("id").GetString()!;

    private static async Task<List<JsonElement>> ListAllAsync(IssueHost host, string url)
    {
        var forms = new List<JsonElement>();
        for (var offset = 0; ;)
        {
            var page = await host.GetJsonAsync($"{url}{(url.Contains('?', StringComparison.Ordinal) ? "&" : "?")}offset={offset}");
            var data = page.GetProperty("data");
            forms.AddRange(data.EnumerateArray().Select(f => f.Clone()));
            offset += data.GetArrayLength();
            if (data.GetArrayLength() == 0 || offset >= page.GetProperty("pagination").GetProperty("totalResults").GetInt32())
            {
                return forms;
            }
        }
    }

    private static async Task<List<JsonElement>> TruthFormsAsync(IssueHost host, int project)
    {
        using var truth = await host.Server.FormTruth.GetAsync(host.ProjectGuid(project));
        return [.. truth.RootElement.GetProperty("projects")[0].GetProperty("forms").EnumerateArray().Select(f => f.GetProperty("form").Clone())];
    }
}
