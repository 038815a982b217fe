using AccEmulator;
using AccEmulator.Hosting;
using AccEmulator.Measure;

// Standalone: dotnet run --project tools/AccEmulator -- --port 5080 --dataset demo [--seed N] [--scale X]
//   [--client-id ID] [--client-secret SECRET] [--no-quotas] [--large-file] [--extra-large-file BYTES] [--measure [BYTES]]
if (!EmulatorCommandLine.TryParse(args, out var command, out var error))
{
    await Console.Error.WriteLineAsync(error);
    await Console.Error.WriteLineAsync(EmulatorCommandLine.Usage);
    return 2;
}

if (command.MeasureBytes is { } bytes)
{
    var result = await ThroughputProbe.MeasureAsync(bytes, CancellationToken.None);
    Console.WriteLine(result);
    return 0;
}

using var stop = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    e.Cancel = true;
    stop.Cancel();
};
using var sigterm = System.Runtime.InteropServices.PosixSignalRegistration.Create(
    System.Runtime.InteropServices.PosixSignal.SIGTERM, context =>
    {
        context.Cancel = true;
        stop.Cancel();
    });

await using var server = await EmulatorServer.StartAsync(command.Options, LogLevel.Warning, stop.Token);
var truth = await server.Truth.GetFilesAsync(AccEmulator.Control.TruthHashing.None, stop.Token);
Console.WriteLine($"AccEmulator listening on {server.BaseUrl}");
Console.WriteLine($"  dataset:       {command.Options.Dataset} (seed {command.Options.Seed}), {truth.Count} files");
Console.WriteLine($"  client id:     {server.ClientId}");
Console.WriteLine($"  client secret: {server.ClientSecret}");
Console.WriteLine($"  hub id:        {server.HubId}");
Console.WriteLine($"  quotas:        {(server.Quotas.Enabled ? "APS defaults" : "off")}");
Console.WriteLine("Press Ctrl+C to stop.");
try
{
    await Task.Delay(Timeout.Infinite, stop.Token);
}
catch (OperationCanceledException)
{
    // Ctrl+C or SIGTERM: fall through to dispose.
}

return 0;
