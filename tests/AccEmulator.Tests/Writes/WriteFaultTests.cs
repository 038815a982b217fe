using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Writes;

public sealed class WriteFaultTests
{
    [Fact]
    public async Task CreateVersion_ServerErrorBurst_Answers5xxWithoutWritingThenSucceeds()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.CreateVersion, new EndpointFaults { ServerErrorBurst = 1 });

        // Act
        using var failed = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);
        using var retried = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);

        // Assert
        Assert.True((int)failed.StatusCode >= 500);
        Assert.Equal(HttpStatusCode.Created, retried.StatusCode);
        Assert.Equal(1, aps.Server.GetWriteStats().VersionsCreatedByItem[file.ItemId]);
    }

    [Fact]
    public async Task SignUpload_TooManyRequestsBurstOnOss_Answers429WithRetryAfter()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        using var storage = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "a.pdf");
        var objectKey = WriteRequests.ObjectKey((await WriteRequests.JsonAsync(storage)).GetProperty("data").GetProperty("id").GetString()!);
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.Oss, new EndpointFaults { TooManyRequestsBurst = 1 });

        // Act
        using var limited = await aps.GetAsync(WriteRequests.UploadPath(objectKey));
        using var retried = await aps.GetAsync(WriteRequests.UploadPath(objectKey));

        // Assert
        Assert.Equal(HttpStatusCode.TooManyRequests, limited.StatusCode);
        Assert.NotNull(limited.Headers.RetryAfter?.Delta);
        Assert.Equal(HttpStatusCode.OK, retried.StatusCode);
    }

    [Fact]
    public async Task PartUrl_ServerErrorBurst_AnswersS3ErrorThenTheRetryStoresThePart()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        using var storage = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "a.pdf");
        var objectKey = WriteRequests.ObjectKey((await WriteRequests.JsonAsync(storage)).GetProperty("data").GetProperty("id").GetString()!);
        var signed = await aps.GetJsonAsync(WriteRequests.UploadPath(objectKey));
        var url = signed.GetProperty("urls")[0].GetString();
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.Upload, new EndpointFaults { ServerErrorBurst = 1 });
        using var plain = new HttpClient();

        // Act
        using var failed = await plain.PutAsync(url, new ByteArrayContent(new byte[100]));
        using var retried = await plain.PutAsync(url, new ByteArrayContent(new byte[100]));
        using var complete = await WriteRequests.CompleteAsync(aps, objectKey, signed.GetProperty("uploadKey").GetString()!, 100);

        // Assert
        Assert.True((int)failed.StatusCode >= 500);
        Assert.StartsWith("<?xml", await failed.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, retried.StatusCode);
        Assert.True(complete.IsSuccessStatusCode, await complete.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task WritesEndpoint_AfterAnUndelete_CountsTheVersionPerItem()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        aps.Server.Mutations.DeleteFile(file.ItemId);
        using var copy = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);

        // Act
        var writes = await aps.Http.GetFromJsonAsync<JsonElement>("_emulator/writes");

        // Assert
        Assert.Equal(1, writes.GetProperty("versionsCreatedByItem").GetProperty(file.ItemId).GetInt32());
        Assert.Equal(1, writes.GetProperty("versionsCreated").GetInt32());
    }
}
