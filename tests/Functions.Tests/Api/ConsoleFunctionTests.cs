using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccBackup.AccRestore;
using AccBackup.BackupConsole;
using AccBackup.BackupConsole.Access;
using AccBackup.Functions.Api;
using AccBackup.Storage;
using AccBackup.Testing;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Functions.Tests.Api;

/// <summary>The Function App's console function behind Kestrel on loopback, under its trigger's route with the host's
/// <c>api/</c> prefix, as in Azure: App Service authentication on (<c>WEBSITE_AUTH_ENABLED</c>), the signed-in user in the
/// header the platform sets, Azurite as the backup storage.</summary>
public sealed class ConsoleFunctionTests : IAsyncLifetime, IDisposable
{
    private WebApplication app = null!;
    private HttpClient client = null!;

    public async Task InitializeAsync()
    {
        var azurite = await AzuriteServer.GetAsync();
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["WEBSITE_INSTANCE_ID"] = "instance-1",
            ["WEBSITE_AUTH_ENABLED"] = "True",
            ["BackupStorage:ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage:ContainerName"] = AzuriteServer.NewContainerName("console-fn"),
        });
        builder.Services.AddMvcCore();
        builder.Services.AddBackupBlobStorage(builder.Configuration);
        builder.Services.AddBackupConsole<AppServiceAuthAccess>();
        builder.Services.AddTransient<RestoreRecord>();
        app = builder.Build();
        app.MapMethods("/api/console/{**path}", ["GET", "HEAD", "POST"], async context =>
        {
            var function = ActivatorUtilities.CreateInstance<ConsoleFunction>(context.RequestServices);

            // No Durable client here: every request these tests send is answered (or refused) before a restore would start.
            var result = await function.Serve(context.Request, context.Request.RouteValues["path"]?.ToString(), null!);
            await result.ExecuteResultAsync(new ActionContext(context, context.GetRouteData(), new ActionDescriptor()));
        });
        await app.StartAsync();
        await app.Services.GetRequiredService<BlobContainer>().CreateIfNotExistsAsync(CancellationToken.None);
        client = new HttpClient(new HttpClientHandler { AllowAutoRedirect = false }) { BaseAddress = new Uri(app.Urls.Single()) };
    }

    public async Task DisposeAsync() => await app.DisposeAsync();

    public void Dispose() => client.Dispose();

    [Fact]
    public async Task Serve_NoSignedInUser_Is401()
    {
        using var response = await client.GetAsync("api/console/data/nights");

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    [Fact]
    public async Task Serve_UserWithoutTheReaderRole_Is403()
    {
        using var response = await client.SendAsync(Signed("api/console/data/nights", "Backup.Operator"));

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }

    [Fact]
    public async Task Serve_ReaderAskingForNights_GetsTheSameJsonAsTheLocalConsole()
    {
        using var response = await client.SendAsync(Signed("api/console/data/nights", AppServiceAuthAccess.ReaderRole));

        response.EnsureSuccessStatusCode();
        var nights = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal(JsonValueKind.Array, nights.GetProperty("nights").ValueKind);
    }

    [Fact]
    public async Task Serve_ReaderOpeningTheMountPoint_IsSentToItWithASlashThenGetsThePage()
    {
        using var redirect = await client.SendAsync(Signed("api/console", AppServiceAuthAccess.ReaderRole));
        using var page = await client.SendAsync(Signed("api/console/", AppServiceAuthAccess.ReaderRole));

        Assert.Equal(HttpStatusCode.Redirect, redirect.StatusCode);
        Assert.Equal("/api/console/", redirect.Headers.Location?.OriginalString);
        Assert.Equal("text/html", page.Content.Headers.ContentType?.MediaType);
        Assert.Contains("assets/console.js", await page.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Serve_ReaderPlanningARestore_Is403NamingTheRestorerRole()
    {
        using var request = Signed("api/console/data/restores", AppServiceAuthAccess.ReaderRole);
        request.Method = HttpMethod.Post;
        request.Headers.Add("X-Requested-With", "XMLHttpRequest");
        request.Content = new StringContent("""{"project":"Demo Tower"}""", Encoding.UTF8, "application/json");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains(AppServiceAuthAccess.RestorerRole, await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Serve_NoSignedInUserPostingAnApply_Is401()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/console/data/restores/console-1/apply");
        request.Headers.Add("X-Requested-With", "XMLHttpRequest");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    /// <summary>A request carrying the signed-in user as App Service authentication passes it (base64 JSON of the claims).</summary>
    private static HttpRequestMessage Signed(string path, string role)
    {
        var principal = JsonSerializer.Serialize(new
        {
            auth_typ = "aad",
            name_typ = "name",
            role_typ = "http://schemas.microsoft.com/ws/2008/06/identity/claims/role",
            claims = new[] { new { typ = "name", val = "Dana" }, new { typ = "roles", val = role } },
        });
        var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Add(AppServiceAuthAccess.PrincipalHeader, Convert.ToBase64String(Encoding.UTF8.GetBytes(principal)));
        return request;
    }
}
