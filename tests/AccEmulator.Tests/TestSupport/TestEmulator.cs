namespace AccEmulator.Tests.TestSupport;

/// <summary>Starts in-process emulators for tests, on a manual clock unless a test brings its own.</summary>
internal static class TestEmulator
{
    public static EmulatorOptions Options(ManualTimeProvider? clock = null) =>
        new() { TimeProvider = clock ?? new ManualTimeProvider() };

    public static Task<EmulatorServer> StartAsync(EmulatorOptions? options = null) =>
        EmulatorServer.StartAsync(options ?? Options());

    /// <summary>Starts an emulator and returns a client holding a token; disposing the client stops the emulator.</summary>
    public static async Task<ApsTestClient> ConnectAsync(EmulatorOptions? options = null) =>
        await ApsTestClient.ConnectAsync(await StartAsync(options));
}
