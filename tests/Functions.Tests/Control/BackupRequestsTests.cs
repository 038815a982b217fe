using System.Text;
using AccBackup.Durable.Control;
using AccBackup.Durable.Orchestrations;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Functions.Tests.Control;

public sealed class BackupRequestsTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Theory]
    [InlineData("""{"projects":["A"],"colour":"red"}""", "field 'colour' is not known")]
    [InlineData("""{"dryRun":"yes"}""", "field 'dryRun' has the wrong type or value")]
    [InlineData("""{"projects":["A",""]}""", "field 'projects': entry 1")]
    [InlineData("""[1,2]""", "the body")]
    [InlineData("""{"fullRescan":true""", "the body is not valid JSON")]
    public async Task StartAsync_BadBody_400NamingTheField(string body, string expected)
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);

        var response = await Requests(host).StartAsync(host.Client, Body(body), "never-started", Url, CancellationToken.None);

        Assert.Equal(400, response.Status);
        Assert.StartsWith(expected, Assert.IsType<ApiError>(response.Body).Error, StringComparison.Ordinal);
        Assert.Null(await host.Client.GetInstanceAsync("never-started"));
    }

    [Fact]
    public async Task StartAsync_GoodBody_202WithStatusUrlAndTheRunUsesTheBody()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);

        var response = await Requests(host).StartAsync(
            host.Client, Body("""{"projects":"Demo Hospital","dryRun":true}"""), "http-1", Url, CancellationToken.None);

        Assert.Equal(202, response.Status);
        Assert.Equal("https://backup.example/api/backups/http-1", response.Location);
        Assert.Equal(new StartedRun("http-1", response.Location!), response.Body);
        var run = await host.WaitAsync("http-1");
        var input = run.ReadInputAs<BackupRunInput>()!;
        Assert.Equal(("Demo Hospital", true), (input.Request.IncludeProjects, input.Request.DryRun));
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        Assert.Equal(0, outcome.Copied);
        Assert.True(outcome.Planned > 0);
    }

    [Fact]
    public async Task StartAsync_RunInProgress_409NamingTheRunningRun()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);
        var requests = Requests(host);
        var first = await requests.StartAsync(host.Client, Body(""), "long-1", Url, CancellationToken.None);

        var second = await requests.StartAsync(host.Client, Body(""), "long-2", Url, CancellationToken.None);

        Assert.Equal(202, first.Status);
        Assert.Equal(409, second.Status);
        Assert.Contains("long-1", Assert.IsType<ApiError>(second.Body).Error, StringComparison.Ordinal);
        Assert.Null(await host.Client.GetInstanceAsync("long-2"));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, (await host.WaitAsync("long-1")).RuntimeStatus);
    }

    [Fact]
    public async Task StartAsync_SameNightTwice_SecondStartsNothing()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);
        var starter = host.Services.GetRequiredService<BackupStarter>();
        var night = RunIds.Nightly(new DateTimeOffset(2026, 11, 23, 2, 0, 0, TimeSpan.Zero));
        var first = await starter.StartAsync(host.Client, night, new Runs.BackupRunRequest(), CancellationToken.None);
        await host.WaitAsync(night);

        var again = await starter.StartAsync(host.Client, RunIds.Nightly(new DateTimeOffset(2026, 11, 23, 2, 0, 30, TimeSpan.Zero)), new Runs.BackupRunRequest(), CancellationToken.None);

        Assert.Equal(StartOutcome.Started, first.Outcome);
        Assert.Equal(StartOutcome.AlreadyExists, again.Outcome);
        Assert.Equal(night, again.RunId);
        var runs = new List<OrchestrationMetadata>();
        await foreach (var instance in host.Client.GetAllInstancesAsync(new OrchestrationQuery()))
        {
            runs.Add(instance);
        }

        Assert.Single(runs, r => r.Name == Durable.TaskNames.BackupRun);
    }

    private static BackupRequests Requests(DurableBackupHost host) => host.Services.GetRequiredService<BackupRequests>();

    private static MemoryStream Body(string json) => new(Encoding.UTF8.GetBytes(json));

    private static string Url(string id) => "https://backup.example/api/backups/" + id;
}
