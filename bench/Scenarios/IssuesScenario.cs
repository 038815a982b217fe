using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Modules;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// Issue 28's bench: a first-night backup of a seed-scaled account with its seeded issues exported through the product's
/// engine (<see cref="BackupRunner"/> with the Issues settings), the Issues quota on in the emulator (500 per window per
/// user) and the client's pacing on; the time from the first Issues call to the last against the quota floor.
/// </summary>
/// <remarks>
/// Time is compressed as in the quota-bound scenarios (<see cref="BenchSettings.IssuesCompression"/>): the emulator's quota
/// windows (the per-user Issues quota included) are 60 s ÷ k, and the client's pacing of every endpoint, Issues included
/// (one <c>ApsQuotaLimiter</c> for both clients), runs k times faster (<see cref="Hosting.CompressedPacing"/>). The run
/// happens in this process so the Issues client's calls can be timed at the client (<see cref="IssueCallClock"/>).
/// </remarks>
internal static class IssuesScenario
{
    public const string Name = "issues";

    private const string Container = "issues";
    private const string RunId = "issues-night-1";
    private const string ServiceAccountId = "SSA-BENCH-1";
    private const string KeyId = "bench-key-1";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var k = BenchSettings.IssuesCompression;
        var options = settings.IssuesAccount();
        await using var context = await ScenarioContext.StartAsync(Name, options, k, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        using var account = new TestServiceAccount(ServiceAccountId, KeyId);
        account.RegisterWith(context.Emulator);
        var issuesSettings = account.Settings();
        issuesSettings["Backup:Modules"] = $"{ModuleNames.Files},{ModuleNames.Issues}";

        var clock = new IssueCallClock();
        await using var host = await context.PacedHostAsync(Container, issuesSettings,
            services => services.AddHttpClient(nameof(IssuesClient)).AddHttpMessageHandler(clock.CreateHandler), cancellationToken);
        context.Emulator.ResetStats();
        Console.WriteLine($"  [{Name}] engine-full with issues (first night) ...");
        var wall = Stopwatch.StartNew();
        var result = await host.Get<BackupRunner>().RunAsync(new BackupRunRequest(RunId: RunId), new RunTimeline(), cancellationToken);
        wall.Stop();
        var stats = context.Emulator.GetStats();
        var refused = stats.Count(EndpointCategory.Issues, 429);
        var answered = stats.Count(EndpointCategory.Issues) - refused;

        using var truth = await context.Emulator.IssueTruth.GetAsync(cancellationToken: cancellationToken);
        var stored = (await host.Get<ManifestReader>().ReadAsync(RunId, cancellationToken)).StoredVersions();
        var (problems, hashed) = await VerifyAsync(truth.RootElement, host.Container, stored, cancellationToken);
        var summary = result.Summary;
        if (summary.Failed > 0)
        {
            problems.Add(Invariant($"{summary.Failed} files failed"));
        }

        if (summary.Issues is not { } issues)
        {
            problems.Add("the run exported no issues (Issues settings not seen)");
            issues = new Manifest.IssuesSummary(0, 0, 0, 0, 0, 0, []);
        }

        problems.AddRange(issues.FailedProjects.Select(p => $"issues of {p.ProjectName} failed: {p.Error}"));
        var figures = IssueFigures.Of(issues.Projects, issues.Issues, issues.DeletedIssues, issues.Comments, issues.Attachments, issues.AttachmentFailures,
            answered, refused, clock.Span, options.Quotas.Window, options.Quotas.PerUserLimits[EndpointCategory.Issues], new ApsOptions().Quota.Share, wall.Elapsed, hashed,
            clock.PerWindow(options.Quotas.Window), problems) with { AttachmentsReferenced = issues.AttachmentsReferenced };
        Console.WriteLine($"  [{Name}] {figures.Describe()}");

        var files = await context.TruthAsync(cancellationToken);
        var workload = Workloads.Of(files, 0, quotas: true);
        var description = Invariant($"seed-scaled account, scale {settings.IssuesScale} ({workload.Files} files, sizes ÷ {BenchSettings.IssuesSizeDivisor}; {figures.Issues} seeded issues in {figures.Projects} projects), APS quotas on (the Issues quota {figures.PerUserLimit} per {figures.WindowSeconds:0.###} s window per user), k = {k}: ") +
            "one first-night backup with issue export through BackupRunner in this process (SSA registered with the emulator, client pacing on at the default Aps:Quota:Share), Issues calls timed at the client";
        return ScenarioReports.Create(Name, description, settings.IssuesScale, k, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), [], [.. figures.Findings()])
            with { Issues = figures };
    }

    // Every project of the truth against its snapshot: the issue count, each issue and its comments as the API gives them,
    // each attachment's SHA-256 as recorded and as read back from its blob (a Docs file referenced at its tip: the run's file
    // entry of that version, by the manifest).
    private static async Task<(List<string> Problems, int Hashed)> VerifyAsync(
        JsonElement truth, BlobContainer container, Dictionary<string, ManifestEntry> storedFiles, CancellationToken cancellationToken)
    {
        var problems = new List<string>();
        var hashed = 0;
        foreach (var project in truth.GetProperty("projects").EnumerateArray())
        {
            var projectId = project.GetProperty("projectId").GetString()!;
            var snapshot = await IssueSnapshotReader.ReadAsync(container, RunId, projectId, cancellationToken);
            var expected = project.GetProperty("issues").EnumerateArray().ToList();
            if (snapshot is null || snapshot.Issues.Count != expected.Count)
            {
                problems.Add(Invariant($"project {projectId}: {snapshot?.Issues.Count.ToString(CultureInfo.InvariantCulture) ?? "no snapshot"}, the truth {expected.Count} issues"));
                continue;
            }

            foreach (var (want, got) in expected.Zip(snapshot.Issues))
            {
                var comments = want.GetProperty("comments").EnumerateArray().ToList();
                if (!JsonElement.DeepEquals(want.GetProperty("issue"), got.Issue) || comments.Count != got.Comments.Count || !comments.Zip(got.Comments).All(c => JsonElement.DeepEquals(c.First, c.Second)))
                {
                    problems.Add($"project {projectId}: issue {got.Id} or its comments differ from the truth");
                }

                var attachments = want.GetProperty("attachments").EnumerateArray().ToList();
                if (attachments.Count != got.Attachments.Count)
                {
                    problems.Add(Invariant($"issue {got.Id}: {got.Attachments.Count} attachments, the truth {attachments.Count}"));
                    continue;
                }

                foreach (var (attachment, recorded) in attachments.Zip(got.Attachments))
                {
                    var sha = attachment.GetProperty("sha256").GetString();
                    var stored = recorded.IsUnresolvedReference && storedFiles.TryGetValue(recorded.ReferencedVersion!, out var file)
                        ? recorded with { BlobName = file.BlobName, Sha256 = file.Sha256 }
                        : recorded;

                    if (stored.BlobName is null || stored.Sha256 != sha)
                    {
                        problems.Add($"issue {got.Id}: attachment {stored.BlobName ?? stored.Error} recorded {stored.Sha256}, the truth {sha}");
                        continue;
                    }

                    await using var bytes = await container.OpenReadAsync(stored.BlobName, null, null, cancellationToken);
                    hashed++;
                    if (Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes, cancellationToken)) != sha)
                    {
                        problems.Add($"attachment {stored.BlobName}: its blob's bytes differ from the truth");
                    }
                }
            }
        }

        return (problems, hashed);
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
