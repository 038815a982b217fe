using AccBackup.Acc;
using AccBackup.Cli.Hosting;
using AccBackup.Storage;
using Microsoft.Extensions.Options;

namespace AccBackup.Cli.Tests.Hosting;

[Trait("Category", "Unit")]
public sealed class SettingsErrorsTests
{
    [Fact]
    public void Describe_DataAnnotationFailure_NamesSectionAndSetting()
    {
        var error = new OptionsValidationException("", typeof(ApsOptions),
            ["DataAnnotation validation failed for 'ApsOptions' members: 'ClientId' with the error: 'The ClientId field is required.'."]);

        var lines = SettingsErrors.Describe(error);

        Assert.Equal(["Aps:ClientId: The ClientId field is required."], lines);
    }

    [Fact]
    public void Describe_MessageAlreadyNamingTheSetting_KeptAsIs()
    {
        var message = "BackupStorage:MaxConnections must be between 1 and 1024.";
        var error = new OptionsValidationException("", typeof(BlobStorageOptions),
            [$"DataAnnotation validation failed for 'BlobStorageOptions' members: 'MaxConnections' with the error: '{message}'."]);

        Assert.Equal([message], SettingsErrors.Describe(error));
    }

    [Fact]
    public void Describe_SeveralOptionTypesAggregated_OneLineEach()
    {
        var error = new AggregateException(
            new OptionsValidationException("", typeof(ApsOptions), ["Aps:AccountId must be the account GUID."]),
            new OptionsValidationException("", typeof(BlobStorageOptions), ["Set BackupStorage:ConnectionString or BackupStorage:ServiceUri."]));

        Assert.Equal(2, SettingsErrors.Describe(error)!.Count);
    }

    [Fact]
    public void Describe_OtherException_Null()
    {
        Assert.Null(SettingsErrors.Describe(new AggregateException(new InvalidOperationException("no"))));
    }
}
