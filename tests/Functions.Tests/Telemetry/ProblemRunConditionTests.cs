namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The problem-run alert's condition (infra/bicep/modules/alerts.bicep) on runs-query rows of finished runs.</summary>
[Trait("Category", "Unit")]
public sealed class ProblemRunConditionTests
{
    [Fact]
    public void FiringTerms_EveryFileStoredButIssueAttachmentsNot_FiresOnTheAttachments()
    {
        var row = QuietRow();
        row["IssueAttachmentFailures"] = 2L;

        var firing = ProblemRunCondition.Load().FiringTerms(row);

        Assert.Equal(["IssueAttachmentFailures > 0"], firing);
    }

    [Fact]
    public void FiringTerms_EveryFileStoredButAProjectsModuleNotRead_FiresOnTheModuleGaps()
    {
        var row = QuietRow();
        row["Status"] = "CompletedWithErrors";
        row["ModuleGaps"] = 1L; // e.g. the service account removed from one project: its Issues not read

        Assert.Equal(["ModuleGaps > 0"], ProblemRunCondition.Load().FiringTerms(row));
    }

    [Fact]
    public void FiringTerms_AQuietRunWhoseIssuesVanished_DoesNotFire()
    {
        var row = QuietRow();
        row["IssuesVanished"] = 3L; // a finding about ACC, recorded in the manifest: nothing the backup failed to keep

        Assert.Empty(ProblemRunCondition.Load().FiringTerms(row));
    }

    [Fact]
    public void FiringTerms_ASizeMismatchTheRunBeforeAlsoHad_DoesNotFire()
    {
        var row = QuietRow();
        row["SizeMismatches"] = 1L; // the same file, the same version, the same wrong size as last night: no news

        Assert.Empty(ProblemRunCondition.Load().FiringTerms(row));
    }

    [Fact]
    public void FiringTerms_ANewSizeMismatch_FiresOnIt()
    {
        var row = QuietRow();
        row["SizeMismatches"] = 2L;
        row["NewSizeMismatches"] = 1L;

        Assert.Equal(["NewSizeMismatches > 0"], ProblemRunCondition.Load().FiringTerms(row));
    }

    [Theory]
    [InlineData("missing")]
    [InlineData("retention-missing")]
    [InlineData("retention-short")]
    public void FiringTerms_ARunFailedOnItsBackupContainer_FiresOnTheContainerProblem(string problem)
    {
        var row = QuietRow();
        row["Status"] = "Failed";
        row["ContainerProblem"] = problem;

        Assert.Equal(["Status == \"Failed\"", "isnotempty(ContainerProblem)"], ProblemRunCondition.Load().FiringTerms(row));
    }

    private static Dictionary<string, object?> QuietRow() => new(StringComparer.Ordinal)
    {
        ["Status"] = "Succeeded",
        ["Failed"] = 0L,
        ["FailedProjects"] = 0L,
        ["SizeMismatches"] = 0L,
        ["NewSizeMismatches"] = 0L,
        ["IssuesFailedProjects"] = 0L,
        ["IssueAttachmentFailures"] = 0L,
        ["IssuesVanished"] = 0L,
        ["ModuleGaps"] = 0L,
        ["ContainerProblem"] = "",
    };
}
