using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Tests;
using AccBackup.Functions.Api;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Tests.Api;

/// <summary>The HTTP API over real requests: 202 with a usable status link, problem details naming the field, 409 while a run goes.</summary>
public sealed class BackupsApiTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Theory]
    [InlineData("""{"projects":["A"],"colour":"red"}""", "colour", "field 'colour' is not known")]
    [InlineData("""{"dryRun":"yes"}""", "dryRun", "field 'dryRun' must be true or false")]
    [InlineData("""{"DRYRUN":1}""", "dryRun", "field 'dryRun' must be true or false")]
    [InlineData("""{"projects":["A",""]}""", "projects", "field 'projects': entry 1")]
    [InlineData("""{"projects":["A",7]}""", "projects", "field 'projects': entry 1")]
    [InlineData("""{"excludeProjects":{"a":1}}""", "excludeProjects", "field 'excludeProjects' must be a list")]
    [InlineData("""{"forceCopy":true,"forceCopy":false}""", "forceCopy", "field 'forceCopy' is given more than once")]
    [InlineData("""[1,2]""", null, "the body must be a JSON object")]
    [InlineData("""{"fullRescan":true""", null, "the body is not valid JSON")]
    public async Task Start_BadBody_400ProblemNamingTheFieldAndNothingStarted(string body, string? field, string detail)
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        using var response = await server.Client.PostAsync("api/backups", Json(body));

        var problem = await ProblemAsync(response, HttpStatusCode.BadRequest);
        Assert.StartsWith(detail, problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal(field, problem.TryGetProperty("field", out var named) ? named.GetString() : null);
        Assert.Empty(await backup.InstancesAsync());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Start_BodyOverTheLimit_413ProblemAndNothingStarted(bool chunked)
    {
        // Arrange: a well-formed body naming 20,000 projects (about 330 KiB), sized by Content-Length or sent chunked without one.
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);
        var names = string.Join(',', Enumerable.Range(0, 20_000).Select(i => $"\"Project {i:D5}\""));
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/backups") { Content = Json($$"""{"projects":[{{names}}]}""") };
        request.Headers.TransferEncodingChunked = chunked;
        Assert.True(Encoding.UTF8.GetByteCount(names) > BackupsApi.MaxBodyBytes);

        // Act
        using var response = await server.Client.SendAsync(request);

        // Assert
        var problem = await ProblemAsync(response, HttpStatusCode.RequestEntityTooLarge);
        Assert.Equal("the body is larger than 256 KiB", problem.GetProperty("detail").GetString());
        Assert.Empty(await backup.InstancesAsync());
    }

    [Fact]
    public async Task Start_GoodBody_202WhoseLocationAnswersWithTheRunAsTheBodyAskedIt()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        using var response = await server.Client.PostAsync("api/backups", Json("""{"projects":"Demo Hospital","dryRun":true}"""));

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        var started = await response.Content.ReadFromJsonAsync<JsonElement>();
        var runId = started.GetProperty("runId").GetString()!;
        var location = response.Headers.Location!;
        Assert.Equal("/api/backups/" + runId, location.OriginalString);
        Assert.Equal(location.OriginalString, started.GetProperty("statusUrl").GetString());
        var run = await backup.WaitAsync(runId);
        var input = run.ReadInputAs<BackupRunInput>()!;
        Assert.Equal(("Demo Hospital", true, false, false), (input.Request.IncludeProjects, input.Request.DryRun, input.Request.ForceCopy, input.Request.FullRescan));
        using var status = await server.Client.GetAsync(location);
        Assert.Equal(HttpStatusCode.OK, status.StatusCode);
        var view = await status.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal((runId, "Completed"), (view.GetProperty("runId").GetString(), view.GetProperty("runtimeStatus").GetString()));
        Assert.True(view.GetProperty("outcome").GetProperty("planned").GetInt64() > 0);
        Assert.Equal(0, view.GetProperty("outcome").GetProperty("copied").GetInt64());
    }

    [Fact]
    public async Task Start_WhileARunGoes_409ProblemNamingTheRunAndItsStatusLink()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);
        using var first = await server.Client.PostAsync("api/backups", Json(""));
        var running = (await first.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("runId").GetString()!;

        using var second = await server.Client.PostAsync("api/backups", Json("{}"));

        Assert.Equal(HttpStatusCode.Accepted, first.StatusCode);
        var problem = await ProblemAsync(second, HttpStatusCode.Conflict);
        Assert.Equal(running, problem.GetProperty("runId").GetString());
        Assert.Equal("/api/backups/" + running, problem.GetProperty("statusUrl").GetString());
        Assert.Contains("one run at a time", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal(OrchestrationRuntimeStatus.Completed, (await backup.WaitAsync(running)).RuntimeStatus);
        Assert.Single(await backup.InstancesAsync(), r => r.Name == Durable.Orchestrations.BackupRunOrchestrator.Name);
    }

    [Fact]
    public async Task Start_ProjectTheAccountDoesNotHave_400ProblemNamingOnlyItAndNothingStarted()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        using var response = await server.Client.PostAsync("api/backups", Json("""{"projects":["demo hospital","Demo Towr"]}"""));

        var problem = await ProblemAsync(response, HttpStatusCode.BadRequest);
        Assert.Equal("projects", problem.GetProperty("field").GetString());
        Assert.Equal(["Demo Towr"], problem.GetProperty("unknownProjects").EnumerateArray().Select(p => p.GetString()));
        Assert.Contains("'Demo Towr'", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Empty(await backup.InstancesAsync());
    }

    [Fact]
    public async Task Start_EightAtOnce_One202AndSeven409NamingThatRun()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        var responses = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => server.Client.PostAsync("api/backups", Json("""{"dryRun":true}"""))));

        var accepted = Assert.Single(responses, r => r.StatusCode == HttpStatusCode.Accepted);
        var runId = (await accepted.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("runId").GetString()!;
        foreach (var conflict in responses.Where(r => r != accepted))
        {
            Assert.Equal(runId, (await ProblemAsync(conflict, HttpStatusCode.Conflict)).GetProperty("runId").GetString());
        }

        Assert.Equal(OrchestrationRuntimeStatus.Completed, (await backup.WaitAsync(runId)).RuntimeStatus);
        Assert.Single(await backup.InstancesAsync(), r => r.Name == Durable.Orchestrations.BackupRunOrchestrator.Name);
        foreach (var response in responses)
        {
            response.Dispose();
        }
    }

    [Fact]
    public async Task Get_RunFailedOnCredentials_FailureNamesTheSettings()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:ClientSecret"] = "wrong-secret" });
        await using var server = await HttpFunctionsServer.StartAsync(backup);
        using var started = await server.Client.PostAsync("api/backups", Json(""));
        var runId = (await started.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("runId").GetString()!;
        await backup.WaitAsync(runId);

        using var response = await server.Client.GetAsync(started.Headers.Location);

        var view = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal("Failed", view.GetProperty("runtimeStatus").GetString());
        Assert.Contains("Aps:ClientSecret", view.GetProperty("failure").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task List_StorageUnreachable_500ProblemSayingWhatFailed()
    {
        // Azurite's account on a port nothing listens on.
        var unreachable = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
            + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;";
        await using var backup = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["BackupStorage:ConnectionString"] = unreachable });
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        using var response = await server.Client.GetAsync("api/backups");

        var problem = await ProblemAsync(response, HttpStatusCode.InternalServerError);
        Assert.StartsWith("GET /api/backups failed: ", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Get_UnknownRun_404Problem()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        using var response = await server.Client.GetAsync("api/backups/no-such-run");

        var problem = await ProblemAsync(response, HttpStatusCode.NotFound);
        Assert.Equal("no-such-run", problem.GetProperty("runId").GetString());
    }

    [Theory]
    [InlineData("0")]
    [InlineData("101")]
    [InlineData("ten")]
    [InlineData("-3")]
    public async Task List_BadTop_400ProblemNamingTop(string top)
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);

        using var response = await server.Client.GetAsync("api/backups?top=" + top);

        var problem = await ProblemAsync(response, HttpStatusCode.BadRequest);
        Assert.Equal("top", problem.GetProperty("field").GetString());
    }

    [Fact]
    public async Task List_AfterARun_ListsItsManifest()
    {
        await using var backup = await DurableBackupHost.StartAsync(Demo);
        await using var server = await HttpFunctionsServer.StartAsync(backup);
        using var started = await server.Client.PostAsync("api/backups", Json("""{"dryRun":false}"""));
        var runId = (await started.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("runId").GetString()!;
        await backup.WaitAsync(runId);

        using var response = await server.Client.GetAsync("api/backups?top=5");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var list = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal(JsonValueKind.Null, list.GetProperty("active").ValueKind);
        Assert.Equal(runId, Assert.Single(list.GetProperty("recent").EnumerateArray()).GetProperty("runId").GetString());
    }

    private static StringContent Json(string body) => new(body, Encoding.UTF8, "application/json");

    private static async Task<JsonElement> ProblemAsync(HttpResponseMessage response, HttpStatusCode expected)
    {
        Assert.Equal(expected, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        var problem = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal((int)expected, problem.GetProperty("status").GetInt32());
        Assert.False(string.IsNullOrEmpty(problem.GetProperty("title").GetString()));
        return problem;
    }
}
