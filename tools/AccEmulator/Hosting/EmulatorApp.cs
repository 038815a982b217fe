using System.Net;
using System.Text.Json;
using System.Text.Json.Serialization;
using AccEmulator.Control;
using AccEmulator.Endpoints;

namespace AccEmulator.Hosting;

/// <summary>Builds the Kestrel app: loopback only, one base URL for every APS service, as APS uses one host.</summary>
internal static class EmulatorApp
{
    public static WebApplication Build(EmulatorState state, LogLevel minimumLogLevel)
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { EnvironmentName = Environments.Production });
        builder.Logging.ClearProviders();
        if (minimumLogLevel < LogLevel.None)
        {
            builder.Logging.AddSimpleConsole().SetMinimumLevel(minimumLogLevel);
            // Injected truncations make Kestrel log a Content-Length mismatch each time: expected, not news.
            builder.Logging.AddFilter("Microsoft.AspNetCore.Server.Kestrel", LogLevel.Critical);
        }

        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Listen(IPAddress.Loopback, state.Options.Port);
            // Bandwidth caps can make a download legitimately slower than Kestrel's default minimum rate.
            kestrel.Limits.MinResponseDataRate = null;
        });
        builder.Services.AddSingleton(state);
        builder.Services.ConfigureHttpJsonOptions(json =>
            json.SerializerOptions.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase)));

        var app = builder.Build();
        app.UseRouting();
        app.UseMiddleware<RequestGate>();
        AuthenticationEndpoints.Map(app);
        ProjectEndpoints.Map(app);
        FolderEndpoints.Map(app);
        ItemEndpoints.Map(app);
        StorageEndpoints.Map(app);
        OssEndpoints.Map(app);
        DownloadEndpoint.Map(app);
        ControlEndpoints.Map(app);
        Issues.IssueEndpoints.Map(app);
        Issues.IssueControlEndpoints.Map(app);
        Sheets.SheetEndpoints.Map(app);
        Sheets.SheetControlEndpoints.Map(app);
        Members.MemberEndpoints.Map(app);
        Members.MemberTruth.Map(app);
        Rfis.RfiEndpoints.Map(app);
        Rfis.RfiTruth.Map(app);
        DocsPermissions.FolderPermissionEndpoints.Map(app);
        DocsPermissions.FolderPermissionTruth.Map(app);
        CustomAttributes.AttributeEndpoints.Map(app);
        CustomAttributes.AttributeTruth.Map(app);
        Forms.FormEndpoints.Map(app);
        Forms.FormTruth.Map(app);
        Photos.PhotoEndpoints.Map(app);
        Photos.RelationshipEndpoints.Map(app);
        Photos.PhotoTruth.Map(app);
        Writes.WriteEndpoints.Map(app);
        return app;
    }
}
