using System.Text;
using AccBackup.AccRestore;
using AccBackup.AccRestore.Record;
using AccBackup.Durable.Restores;
using AccBackup.Durable.Tests.Restores;
using AccBackup.Functions.Restores;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;

namespace AccBackup.Functions.Tests.Restores;

/// <summary>The restore API's functions called with real requests over the test host's Durable client, the emulator and Azurite.</summary>
public sealed class RestoresApiTests
{
    [Fact]
    public async Task Start_PlanOnly_202ThenGetShowsThePlanAndNothingWritten()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        host.Emulator.Mutations.DeleteFile(host.Night[0].ItemId);
        var api = Api(host);

        var started = await api.Start(Post("""{"run":"night-1","restoreId":"api-plan"}"""), host.Client);

        var accepted = Assert.IsType<ObjectResult>(started);
        Assert.Equal(StatusCodes.Status202Accepted, accepted.StatusCode);
        var body = Assert.IsType<StartedRestore>(accepted.Value);
        Assert.Equal(("api-plan", false, "/api/restores/api-plan"), (body.RestoreId, body.Apply, body.StatusUrl));
        await host.WaitAsync("api-plan");
        var view = Assert.IsType<RestoreView>(Assert.IsType<OkObjectResult>(await api.Get(new DefaultHttpContext().Request, "api-plan", host.Client)).Value);
        Assert.Equal("Planned", view.Outcome!.Status);
        Assert.Equal(1, view.Outcome.Plan!.Counts["Undelete"]);
        Assert.Contains(view.Files!, f => f.Action == "Undelete" && f.Path.EndsWith(host.Night[0].DisplayName, StringComparison.Ordinal));
        Assert.Equal(0, host.Emulator.GetWriteStats().VersionsCreated);
    }

    [Theory]
    [InlineData("""{"apply":"yes"}""", "apply")]
    [InlineData("""{"version":2}""", "path")]
    [InlineData("""{"target":"Only a project"}""", "target")]
    [InlineData("""{"restoreId":"../x"}""", "restoreId")]
    [InlineData("""{"colour":"red"}""", "colour")]
    public async Task Start_BadBody_400NamingTheField(string json, string field)
    {
        await using var host = await DurableRestoreHost.StartAsync();

        var answer = Assert.IsType<ObjectResult>(await Api(host).Start(Post(json), host.Client));

        Assert.Equal(StatusCodes.Status400BadRequest, answer.StatusCode);
        Assert.Equal(field, Assert.IsType<ProblemDetails>(answer.Value).Extensions["field"]);
    }

    private static RestoresApi Api(DurableRestoreHost host) =>
        new(host.Host.Services.GetRequiredService<RestoreRecord>(), TimeProvider.System, NullLogger<RestoresApi>.Instance);

    private static HttpRequest Post(string json)
    {
        var context = new DefaultHttpContext();
        context.Request.Method = "POST";
        context.Request.Path = "/api/restores";
        context.Request.ContentType = "application/json";
        context.Request.Body = new MemoryStream(Encoding.UTF8.GetBytes(json));
        return context.Request;
    }
}
