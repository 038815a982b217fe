using AccEmulator.Measure;
using Xunit.Abstractions;

namespace AccEmulator.Tests.Measure;

public sealed class ThroughputProbeTests(ITestOutputHelper output)
{
    [Fact]
    public async Task MeasureAsync_Loopback_ServesContentFastEnoughNotToBeTheBottleneck()
    {
        // Arrange
        const long Bytes = 512L << 20;

        // Act
        var result = await ThroughputProbe.MeasureAsync(Bytes, CancellationToken.None);

        // Assert: a loose floor that holds even for a Debug build on a busy 2-core machine;
        // the Release figure comes from `dotnet run -c Release --project tools/AccEmulator -- --measure`.
        output.WriteLine(result.ToString());
        Assert.Equal(Bytes, result.Bytes);
        Assert.True(result.GigabytesPerSecond > 0.1, result.ToString());
    }
}
