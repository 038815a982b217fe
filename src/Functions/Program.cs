using AccBackup.Functions;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.Hosting;

// The isolated worker (BackupFunctionsApp says what it registers). A missing setting stops the app at start with its
// name, not at 2 a.m.
var builder = FunctionsApplication.CreateBuilder(args);
builder.AddBackupFunctions();
builder.Build().Run();
