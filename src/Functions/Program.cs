using AccBackup.Durable;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

// The isolated worker: ASP.NET Core integration for the HTTP functions, the run's services with options validated on
// start (a missing setting stops the app at start with its name, not at 2 a.m.).
var builder = FunctionsApplication.CreateBuilder(args);
builder.ConfigureFunctionsWebApplication();
builder.Services.AddSingleton(TimeProvider.System);
builder.Services.AddBackupOrchestration(builder.Configuration);
builder.Build().Run();
