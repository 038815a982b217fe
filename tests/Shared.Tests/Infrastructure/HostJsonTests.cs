using System.Text.Json;
using System.Text.RegularExpressions;

namespace AccBackup.Tests.Infrastructure;

/// <summary>host.json agrees with what the infrastructure provisions for Durable Functions.</summary>
public sealed class HostJsonTests
{
    [Fact]
    public void DurableTask_HubName_IsSetAndValidForAzureStorage()
    {
        var hubName = DurableTask().GetProperty("hubName").GetString();

        // Azure Storage backend: 3-45 letters and digits, starting with a letter (it names queues, tables, containers).
        Assert.NotNull(hubName);
        Assert.Matches(new Regex("^[A-Za-z][A-Za-z0-9]{2,44}$"), hubName);
    }

    [Fact]
    public void DurableTask_StorageProvider_IsTheAzureStorageBackendTheInfraGrants()
    {
        // host-storage.bicep grants blob, queue and table roles and main.bicep keeps a 'durable' instance warm:
        // both are for the Azure Storage backend.
        Assert.Equal("AzureStorage", DurableTask().GetProperty("storageProvider").GetProperty("type").GetString());
    }

    private static JsonElement DurableTask()
    {
        using var host = RepoFiles.Json(allowComments: true, "host.json");
        return host.RootElement.GetProperty("extensions").GetProperty("durableTask").Clone();
    }
}
