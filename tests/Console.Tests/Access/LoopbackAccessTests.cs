using System.Net;
using AccBackup.BackupConsole.Access;
using Microsoft.AspNetCore.Http;

namespace AccBackup.BackupConsole.Tests.Access;

[Trait("Category", "Unit")]
public sealed class LoopbackAccessTests
{
    [Theory]
    [InlineData("127.0.0.1", "127.0.0.1:5000", true)]
    [InlineData("127.0.0.1", "localhost:5000", true)]
    [InlineData("::1", "[::1]:5000", true)]
    [InlineData("10.0.0.7", "127.0.0.1:5000", false)]
    [InlineData("127.0.0.1", "rebound.example:5000", false)]
    public void Check_RemoteAndHost_AllowsLoopbackOnly(string remote, string host, bool allowed)
    {
        var context = new DefaultHttpContext();
        context.Connection.RemoteIpAddress = IPAddress.Parse(remote);
        context.Request.Host = HostString.FromUriComponent(host);

        var refusal = new LoopbackAccess().Check(context.Request);

        Assert.Equal(allowed, refusal is null);
        Assert.True(refusal is null || refusal.Status == StatusCodes.Status403Forbidden);
    }
}
