using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;
using AccBackup.Manifest;
using AccBackup.Modules.Forms;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup run</c> keeping ACC Forms on the emulator: each night's forms equal to its truth (records field by
/// field, PDFs by SHA-256), only changed forms read on night 2 (calls counted), <c>restore --modules forms</c> writing night 1's
/// records, CSVs and PDFs, and Forms faulted one night failing alone while the next night fills them.</summary>
public sealed class FormBackupTests
{
    private const string ServiceAccountId = "SSA-CLI-FORMS";
    private const string KeyId = "cli-forms-key";
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    [Fact]
    public async Task Run_TwoNightsWithFormChanges_EachNightEqualsItsTruthOnlyChangedFormsReadAndRestoreWritesNightOne()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RSA.Create(2048);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem()));
        var environment = await EnvironmentAsync(emulator, key);
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");
        Assert.True(night1.ExitCode == 0, night1.ToString());
        using var truth1 = await emulator.FormTruth.GetAsync();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var forms1 = (await ManifestAsync(environment, "night-1")).Summary.Modules!.Modules.Single();
        Assert.Equal(("forms", projects.Count), (forms1.Module, forms1.Projects));
        Assert.Equal(projects.Sum(p => p.GetProperty("forms").GetArrayLength()), forms1.Counts[FormExporter.Counts.Forms]);
        var tower = projects[0].GetProperty("forms").EnumerateArray().ToList();
        var checklist = tower.First(f => f.GetProperty("values").GetArrayLength() > 0 && f.GetProperty("pdfSha256").ValueKind == JsonValueKind.Null);
        var permit = tower.First(f => f.GetProperty("pdfSha256").ValueKind == JsonValueKind.String);
        emulator.FormMutations.Answer(Id(checklist), "Hazards observed", "Scaffold tie missing on grid B");
        emulator.FormMutations.ReplacePdf(Id(permit), 33_000);
        emulator.ResetStats();

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        var counts2 = (await ManifestAsync(environment, "night-2")).Summary.Modules!.Modules.Single().Counts;
        Assert.Equal((2L, 1L, 0L), (counts2[FormExporter.Counts.FormsRead], counts2[FormExporter.Counts.PdfsCopied], counts2[FormExporter.Counts.TemplatePdfsCopied]));
        // Per project a templates page and a forms page; the changed web form's values and three tables, the PDF form's values.
        Assert.Equal(projects.Count * 2 + 4 + 1, emulator.GetStats().Count(EndpointCategory.Forms));
        using var truth2 = await emulator.FormTruth.GetAsync();
        foreach (var (now, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            await AssertFormsEqualTruthAsync(now, container, "night-2");
            await AssertFormsEqualTruthAsync(before, container, "night-1");
        }

        var target = Directory.CreateTempSubdirectory("acc-backup-forms-").FullName;
        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "night-1", "--modules", "forms", "--to", target, "--json");

        Assert.True(restored.ExitCode == 0, restored.ToString());
        var pdfs = Directory.GetFiles(target, "*.pdf", SearchOption.AllDirectories).Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f))));
        var expected = projects.SelectMany(p => p.GetProperty("forms").EnumerateArray().Concat(p.GetProperty("templates").EnumerateArray()))
            .Select(f => f.GetProperty("pdfSha256").GetString()).OfType<string>();
        Assert.Equal(expected.Order(StringComparer.Ordinal), pdfs.Order(StringComparer.Ordinal));
        Assert.Equal(projects.Count, Directory.GetFiles(target, "forms.csv", SearchOption.AllDirectories).Length);
        foreach (var json in Directory.GetFiles(target, "forms.json", SearchOption.AllDirectories))
        {
            var written = JsonSerializer.Deserialize<FormSnapshot>(File.ReadAllBytes(json), Web)!;
            await AssertFormsEqualTruthAsync(projects.Single(p => "b." + p.GetProperty("projectId").GetString() == written.ProjectId), written);
        }

        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task Run_FormsFaultedOneNight_FormsFailAloneAndTheNextNightFillsThem()
    {
        var faults = FaultOptions.None.With(EndpointCategory.Forms, new EndpointFaults { ServerErrorRate = 1 });
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled, Faults = faults });
        using var key = RSA.Create(2048);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem()));
        var environment = await EnvironmentAsync(emulator, key);
        environment["Backup__Modules"] = "files,rfis,forms";
        environment["Aps__Retry__MaxDuration"] = "00:00:02";
        environment["Aps__Retry__MaxDelay"] = "00:00:00.200";
        environment["Aps__Retry__BaseDelay"] = "00:00:00.050";
        environment["Aps__Retry__WarnAfter"] = "00:00:01";
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(night1.ExitCode == ExitCodes.Incomplete, night1.ToString());
        var summary1 = (await ManifestAsync(environment, "night-1")).Summary;
        Assert.Equal((0L, 0), (summary1.Failed, summary1.FailedProjects.Count));
        Assert.True(summary1.Copied > 0);
        Assert.Equal(summary1.Projects, summary1.Modules!.Modules.Single(m => m.Module == "rfis").Projects);
        Assert.Equal(summary1.Projects, summary1.Modules.Coverage.Count);
        Assert.All(summary1.Modules.Coverage, g => Assert.Equal(("forms", ModuleGapReason.Failed), (g.Module, g.Reason)));

        emulator.Faults = FaultOptions.None;
        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        using var truth = await emulator.FormTruth.GetAsync();
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray())
        {
            await AssertFormsEqualTruthAsync(project, container, "night-2");
        }
    }

    /// <summary>The night's form snapshot of a project equals the truth: every form field by field (less what changes with each
    /// read), its values, table rows and PDF values, each PDF by SHA-256 of its blob.</summary>
    private static async Task AssertFormsEqualTruthAsync(JsonElement truthProject, BlobContainer container, string runId)
    {
        var snapshot = await FormSnapshotReader.ReadAsync(container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        await AssertFormsEqualTruthAsync(truthProject, snapshot);
        foreach (var pdf in snapshot.Forms.Select(f => f.Pdf).Concat(snapshot.Templates.Select(t => t.Pdf)).OfType<AccBackup.Modules.StoredModuleFile>())
        {
            await using var bytes = await container.OpenReadAsync(pdf.BlobName, null, null, CancellationToken.None);
            Assert.Equal(pdf.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
        }
    }

    private static Task AssertFormsEqualTruthAsync(JsonElement truthProject, FormSnapshot snapshot)
    {
        var templates = truthProject.GetProperty("templates").EnumerateArray().ToList();
        Assert.Equal(templates.Count, snapshot.Templates.Count);
        foreach (var (truth, exported) in templates.Zip(snapshot.Templates))
        {
            var template = JsonNode.Parse(exported.Template.GetRawText())!.AsObject();
            template.Remove("pdfUrl");
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("template"), JsonSerializer.SerializeToElement(template)), exported.Template.ToString());
            Assert.Equal(truth.GetProperty("pdfSha256").GetString(), exported.Pdf?.Sha256);
        }

        var forms = truthProject.GetProperty("forms").EnumerateArray().ToList();
        Assert.Equal(forms.Count, snapshot.Forms.Count);
        foreach (var (truth, exported) in forms.Zip(snapshot.Forms))
        {
            var form = JsonNode.Parse(exported.Form.GetRawText())!.AsObject();
            form.Remove("lastFetchedAt");
            (form["pdfFile"] as JsonObject)?.Remove("pdfUrl");
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("form"), JsonSerializer.SerializeToElement(form)), exported.Form.ToString());
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("values"), JsonSerializer.SerializeToElement(exported.Values)));
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("tableRows"), JsonSerializer.SerializeToElement(exported.TableRows)));
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("pdfValues"), JsonSerializer.SerializeToElement(exported.PdfValues)));
            Assert.Equal(truth.GetProperty("pdfSha256").GetString(), exported.Pdf?.Sha256);
        }

        return Task.CompletedTask;
    }

    private static Guid Id(JsonElement truthForm) => Guid.Parse(truthForm.GetProperty("form").GetProperty("id").GetString()!);

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator, RSA key)
    {
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Issues__ServiceAccountId"] = ServiceAccountId;
        environment["Issues__KeyId"] = KeyId;
        environment["Issues__PrivateKey"] = key.ExportRSAPrivateKeyPem();
        environment["Backup__Modules"] = "files,forms";
        return environment;
    }

    private static async Task<RunManifest> ManifestAsync(Dictionary<string, string?> environment, string runId)
    {
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            return await reader.ReadAsync(runId, CancellationToken.None);
        }
    }
}
