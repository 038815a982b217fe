using System.Reflection;
using AccBackup.Durable.Tests;
using AccBackup.Functions.Api;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Routing;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Functions.Tests.Api;

/// <summary>The HTTP functions of <see cref="BackupsApi"/> behind Kestrel on loopback, under the routes and methods of their
/// own <see cref="HttpTriggerAttribute"/>s (with the host's default <c>api/</c> prefix), each call's
/// <see cref="IActionResult"/> executed as the Functions ASP.NET Core integration does, the Durable client being the
/// test host's. Function keys are the Functions host's business and are not checked here.</summary>
internal sealed class HttpFunctionsServer : IAsyncDisposable
{
    private readonly WebApplication app;

    private HttpFunctionsServer(WebApplication app, Uri baseAddress)
    {
        this.app = app;
        Client = new HttpClient { BaseAddress = baseAddress };
    }

    /// <summary>A client whose base address is the server's root.</summary>
    public HttpClient Client { get; }

    public static async Task<HttpFunctionsServer> StartAsync(DurableBackupHost backup, TimeProvider? time = null)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddMvcCore();
        var app = builder.Build();
        var api = ActivatorUtilities.CreateInstance<BackupsApi>(backup.Services, time ?? TimeProvider.System);
        foreach (var method in typeof(BackupsApi).GetMethods().Where(m => m.GetCustomAttribute<FunctionAttribute>() is not null))
        {
            var trigger = method.GetParameters().Select(p => p.GetCustomAttribute<HttpTriggerAttribute>()).Single(t => t is not null)!;
            app.MapMethods("/api/" + trigger.Route, trigger.Methods!.Select(m => m.ToUpperInvariant()),
                context => InvokeAsync(context, method, method.IsStatic ? null : api, backup.Client));
        }

        await app.StartAsync();
        return new HttpFunctionsServer(app, new Uri(app.Urls.Single()));
    }

    /// <summary>Calls the function with what its parameters ask for: the request, a route value by name, the Durable client.</summary>
    private static async Task InvokeAsync(HttpContext context, MethodInfo function, object? target, DurableTaskClient client)
    {
        var arguments = function.GetParameters().Select(p =>
            p.ParameterType == typeof(HttpRequest) ? context.Request
            : p.ParameterType == typeof(DurableTaskClient) ? client
            : (object?)context.Request.RouteValues[p.Name!]?.ToString()).ToArray();
        var result = await (Task<IActionResult>)function.Invoke(target, arguments)!;
        await result.ExecuteResultAsync(new ActionContext(context, context.GetRouteData(), new ActionDescriptor()));
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await app.DisposeAsync();
    }
}
