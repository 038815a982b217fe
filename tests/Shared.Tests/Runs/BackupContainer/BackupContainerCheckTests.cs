using AccBackup.Runs;
using AccBackup.Runs.BackupContainer;
using AccBackup.Storage;

namespace AccBackup.Tests.Runs.BackupContainer;

/// <summary>The decision at a run's start on the backup container's facts (<see cref="BackupContainerCheck"/>): no storage.</summary>
[Trait("Category", "Unit")]
public sealed class BackupContainerCheckTests
{
    private static readonly ContainerHolds NoPolicy = new(ImmutabilityPolicy: false, LegalHold: false);
    private static readonly ContainerHolds Policy = new(ImmutabilityPolicy: true, LegalHold: false);

    [Fact]
    public void Problem_ContainerGoneAfterEarlierRuns_IsMissingSayingRunsWereWritten()
    {
        var problem = BackupContainerCheck.Problem("acc-backup", holds: null, earlierRuns: true, latestManifestFound: false, null, 0);

        Assert.Equal(BackupContainerProblem.Missing, problem?.Code);
        Assert.Contains("'acc-backup' is gone although earlier runs were written", problem!.Message, StringComparison.Ordinal);
        Assert.Contains("BackupStorage:ContainerName", problem.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Problem_ContainerMissingOnAFirstRunThatMayNotCreateIt_IsMissingPointingAtTheDeployment()
    {
        var problem = BackupContainerCheck.Problem("acc-backup", holds: null, earlierRuns: false, latestManifestFound: true, null, 0);

        Assert.Equal(BackupContainerProblem.Missing, problem?.Code);
        Assert.Contains("infra/bicep", problem!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Problem_ContainerCreatedAgainWithoutTheLatestManifest_IsMissing()
    {
        var problem = BackupContainerCheck.Problem("acc-backup", NoPolicy, earlierRuns: true, latestManifestFound: false, null, 0);

        Assert.Equal(BackupContainerProblem.Missing, problem?.Code);
    }

    [Fact]
    public void Problem_ContainerThereAndNoRetentionAsked_IsNone()
    {
        Assert.Null(BackupContainerCheck.Problem("acc-backup", NoPolicy, earlierRuns: true, latestManifestFound: true, null, 0));
    }

    [Fact]
    public void Problem_RetentionAskedAndNoPolicy_IsRetentionMissingNamingTheSetting()
    {
        var problem = BackupContainerCheck.Problem("acc-backup", NoPolicy, earlierRuns: false, latestManifestFound: true, null, 30);

        Assert.Equal(BackupContainerProblem.RetentionMissing, problem?.Code);
        Assert.Contains("BackupStorage:ImmutabilityDays asks for 30 days", problem!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Problem_NewBlobsKeptForFewerDaysThanAsked_IsRetentionShort()
    {
        var problem = BackupContainerCheck.Problem("acc-backup", Policy, earlierRuns: true, latestManifestFound: true, TimeSpan.FromDays(7), 30);

        Assert.Equal(BackupContainerProblem.RetentionShort, problem?.Code);
        Assert.Contains("keeps new blobs for 7 days", problem!.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(30)]
    [InlineData(365)]
    public void Problem_PolicyAtLeastAsLongAsAsked_IsNone(int days)
    {
        Assert.Null(BackupContainerCheck.Problem("acc-backup", Policy, earlierRuns: true, latestManifestFound: true, TimeSpan.FromDays(days), 30));
    }

    [Fact]
    public void Problem_PeriodSecondsShortOfTheDaysAsked_IsNone()
    {
        // The service computes a blob's expiry on its own clock: a healthy 30-day policy may read a few seconds short.
        Assert.Null(BackupContainerCheck.Problem("acc-backup", Policy, earlierRuns: true, latestManifestFound: true, TimeSpan.FromDays(30) - TimeSpan.FromSeconds(5), 30));
    }

    [Fact]
    public void Problem_PolicyWhosePeriodTheServiceDoesNotShow_IsNone()
    {
        // The probe blob shows no expiry (a service that does not report it): only the policy's presence is checked.
        Assert.Null(BackupContainerCheck.Problem("acc-backup", Policy, earlierRuns: false, latestManifestFound: true, null, 30));
    }
}
