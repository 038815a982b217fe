using System.Net;
using System.Text;
using AccBackup.BackupConsole.Access;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;

namespace AccBackup.BackupConsole.Tests.Access;

[Trait("Category", "Unit")]
public sealed class AppServiceAuthAccessTests
{
    private const string ReaderPrincipal = """{"auth_typ":"aad","role_typ":"http://schemas.microsoft.com/ws/2008/06/identity/claims/role","claims":[{"typ":"http://schemas.microsoft.com/ws/2008/06/identity/claims/role","val":"Console.Reader"}]}""";

    [Fact]
    public void Check_InAzureWithAuthenticationOff_RefusesEvenAClaimedReader()
    {
        var access = CreateSut(new() { ["WEBSITE_INSTANCE_ID"] = "i-1" });

        var refusal = access.Check(Request("10.1.2.3", "app.azurewebsites.net", ReaderPrincipal));

        Assert.Equal(StatusCodes.Status403Forbidden, refusal?.Status);
    }

    [Theory]
    [InlineData(ReaderPrincipal, null)]
    [InlineData("""{"claims":[{"typ":"roles","val":"Console.Reader"}]}""", null)]
    [InlineData("""{"claims":[{"typ":"roles","val":"console.reader"}]}""", StatusCodes.Status403Forbidden)]
    [InlineData("""{"claims":[{"typ":"groups","val":"Console.Reader"}]}""", StatusCodes.Status403Forbidden)]
    [InlineData("not json", StatusCodes.Status403Forbidden)]
    [InlineData(null, StatusCodes.Status401Unauthorized)]
    public void Check_InAzureWithAuthenticationOn_AllowsTheReaderRoleOnly(string? principal, int? status)
    {
        var access = CreateSut(new() { ["WEBSITE_INSTANCE_ID"] = "i-1", ["WEBSITE_AUTH_ENABLED"] = "True" });

        var refusal = access.Check(Request("10.1.2.3", "app.azurewebsites.net", principal));

        Assert.Equal(status, refusal?.Status);
    }

    [Theory]
    [InlineData(ReaderPrincipal, StatusCodes.Status403Forbidden)]
    [InlineData("""{"claims":[{"typ":"roles","val":"Console.Reader"},{"typ":"roles","val":"Console.Restorer"}]}""", null)]
    public void Check_APostInAzure_NeedsTheRestorerRole(string principal, int? status)
    {
        var access = CreateSut(new() { ["WEBSITE_INSTANCE_ID"] = "i-1", ["WEBSITE_AUTH_ENABLED"] = "true" });
        var request = Request("10.1.2.3", "app.azurewebsites.net", principal);
        request.Method = HttpMethods.Post;

        var refusal = access.Check(request);

        Assert.Equal(status, refusal?.Status);
        Assert.True(status is null || refusal!.Reason.Contains(AppServiceAuthAccess.RestorerRole, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("127.0.0.1", "localhost:7071", null)]
    [InlineData("127.0.0.1", "myapp.example:7071", StatusCodes.Status403Forbidden)]
    public void Check_RunLocally_AnswersThisMachineOnly(string remote, string host, int? status)
    {
        var refusal = CreateSut([]).Check(Request(remote, host, null));

        Assert.Equal(status, refusal?.Status);
    }

    private static AppServiceAuthAccess CreateSut(Dictionary<string, string?> settings) =>
        new(new ConfigurationBuilder().AddInMemoryCollection(settings).Build());

    private static HttpRequest Request(string remote, string host, string? principal)
    {
        var context = new DefaultHttpContext();
        context.Connection.RemoteIpAddress = IPAddress.Parse(remote);
        context.Request.Host = HostString.FromUriComponent(host);
        if (principal is not null)
        {
            context.Request.Headers[AppServiceAuthAccess.PrincipalHeader] = Convert.ToBase64String(Encoding.UTF8.GetBytes(principal));
        }

        return context.Request;
    }
}
