using System.Text;
using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Quotas.SharedScope;
using AccBackup.Tests.Samples;

namespace AccBackup.Tests.Quotas.SharedScope;

/// <summary>The budget blob's metadata and body: what other processes, and later builds, read back.</summary>
[Trait("Category", "Unit")]
public sealed class QuotaBudgetBlobTests
{
    private static readonly DateTimeOffset Slice = new(2026, 11, 23, 2, 0, 3, TimeSpan.Zero);

    [Fact]
    public void FromMetadata_BlobAnEarlierBuildWrote_ReadsItsGrantsAndCounters()
    {
        var sample = Sample.Read("quota-budget-blob.json");
        var metadata = sample.GetProperty("metadata").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString()!);

        var budget = QuotaBudgetBlob.FromMetadata(metadata);

        Assert.Equal((7, 3, 3L, 1L), (budget.Grants.GrantedIn(Slice), budget.Grants.GrantedIn(Slice.AddSeconds(3)), budget.Writes, budget.Conflicts));
        Assert.Equal(metadata, budget.ToMetadata());
        Assert.Equal(sample.GetProperty("body").GetString(), Encoding.UTF8.GetString(budget.ToJson(ApsEndpoint.Folder, 13)));
    }

    [Fact]
    public void FromMetadata_NoSlices_IsEmpty()
    {
        Assert.Same(QuotaBudgetBlob.Empty, QuotaBudgetBlob.FromMetadata(new Dictionary<string, string> { ["writes"] = "4" }));
    }
}
