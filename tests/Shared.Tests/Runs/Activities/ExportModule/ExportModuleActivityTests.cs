using AccBackup.Acc;
using AccBackup.Manifest;
using AccBackup.Modules;
using AccBackup.Modules.Sheets;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Tests.Modules;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs.Activities.ExportModule;

/// <summary>The module-export activity on the emulator: a refusal is the project's coverage gap, a fault is thrown for the driver's retries.</summary>
public sealed class ExportModuleActivityTests
{
    [Fact]
    public async Task ExportAsync_SheetsNotActivated_ReturnsANotActivatedGapNamingTheProject()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        host.Emulator.SheetMutations.SetActivated(projectId, false);

        var summary = await host.Services.GetRequiredService<ExportModuleActivity>()
            .ExportAsync(new ExportModuleInput(ModuleNames.Sheets, "run-1", new ProjectRef(projectId, "Demo Annex", "Demo Annex"), null), CancellationToken.None);

        var gap = Assert.IsType<ModuleCoverageGap>(summary.Gap);
        Assert.Equal((projectId, "Demo Annex", ModuleNames.Sheets, ModuleGapReason.NotActivated), (gap.ProjectId, gap.ProjectName, gap.Module, gap.Reason));
        Assert.Contains("not activated", gap.Detail, StringComparison.Ordinal);
        Assert.Empty(summary.Counts);
        Assert.Null(await SheetSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None));
    }

    [Fact]
    public async Task ExportAsync_SheetsAnswerOnlyServerErrors_ThrowsForTheDriversRetries()
    {
        var faults = FaultOptions.None.With(EndpointCategory.SheetsSheets, new EndpointFaults { ServerErrorRate = 1 });
        await using var host = await ModulesHost.StartAsync(new EmulatorOptions { Faults = faults }, new Dictionary<string, string?>
        {
            ["Aps:Retry:MaxDuration"] = "00:00:02",
            ["Aps:Retry:MaxDelay"] = "00:00:00.200",
            ["Aps:Retry:WarnAfter"] = "00:00:01",
        });
        var projectId = host.ProjectId(0);

        await Assert.ThrowsAsync<ApsUnavailableException>(() => host.Services.GetRequiredService<ExportModuleActivity>()
            .ExportAsync(new ExportModuleInput(ModuleNames.Sheets, "run-1", new ProjectRef(projectId, "Demo Tower", "Demo Tower"), null), CancellationToken.None));
        Assert.Null(await SheetSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None));
    }

    [Theory]
    [InlineData("APS SheetsSheets refused access (403): ERR_FORBIDDEN User 'SSA-1' is not a member of project 'x'.", ModuleGapReason.NotMember)]
    [InlineData("APS SheetsSheets refused access (403): ERR_NOT_ACTIVATED The Sheets tool is not activated on project 'x'.", ModuleGapReason.NotActivated)]
    [InlineData("APS SheetsSheets refused access (403): ERR_FORBIDDEN The token lacks the data:read scope.", ModuleGapReason.LacksPermission)]
    public void Classify_RefusalMessage_GivesItsReason(string message, ModuleGapReason reason) =>
        Assert.Equal(reason, ModuleCoverage.Classify(message));
}
