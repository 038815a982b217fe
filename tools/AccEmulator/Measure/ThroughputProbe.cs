using System.Buffers;
using System.Diagnostics;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccEmulator.Control;
using AccEmulator.Quotas;

namespace AccEmulator.Measure;

/// <summary>Measures how fast the emulator serves content over loopback, with caps and faults off.</summary>
internal static class ThroughputProbe
{
    /// <summary>One measurement: bytes read by one client stream and the wall time it took.</summary>
    public sealed record Result(long Bytes, TimeSpan Elapsed)
    {
        public double GigabytesPerSecond => Bytes / Elapsed.TotalSeconds / 1e9;

        public override string ToString() =>
            $"Read {Bytes:N0} bytes in {Elapsed.TotalSeconds:F2} s over loopback: {GigabytesPerSecond:F2} GB/s";
    }

    /// <summary>Starts an emulator with one <paramref name="bytes"/>-byte file and downloads it once through the APS flow.</summary>
    public static async Task<Result> MeasureAsync(long bytes, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions { ExtraLargeFileBytes = bytes, Quotas = QuotaOptions.Disabled, Sha1MaxBytes = 0 };
        await using var server = await EmulatorServer.StartAsync(options, cancellationToken);
        using var http = new HttpClient { BaseAddress = server.BaseUrl };

        using var tokenRequest = new HttpRequestMessage(HttpMethod.Post, "authentication/v2/token")
        {
            Content = new FormUrlEncodedContent([new("grant_type", "client_credentials"), new("scope", "data:read")]),
        };
        tokenRequest.Headers.Authorization = new AuthenticationHeaderValue("Basic",
            Convert.ToBase64String(Encoding.UTF8.GetBytes($"{server.ClientId}:{server.ClientSecret}")));
        using var tokenResponse = (await http.SendAsync(tokenRequest, cancellationToken)).EnsureSuccessStatusCode();
        var token = (await tokenResponse.Content.ReadFromJsonAsync<JsonElement>(cancellationToken)).GetProperty("access_token").GetString();
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);

        var files = await server.Truth.GetFilesAsync(TruthHashing.None, cancellationToken);
        var objectKey = files.Single(f => f.DisplayName == "large-extra.bin").StorageId!.Split('/')[^1];
        var signed = await http.GetFromJsonAsync<JsonElement>($"oss/v2/buckets/wip.dm.prod/objects/{objectKey}/signeds3download", cancellationToken);
        var url = signed.GetProperty("url").GetString()!;

        using var download = new HttpClient();
        var buffer = ArrayPool<byte>.Shared.Rent(1 << 20);
        try
        {
            var clock = Stopwatch.StartNew();
            using var response = (await download.GetAsync(url, HttpCompletionOption.ResponseHeadersRead, cancellationToken)).EnsureSuccessStatusCode();
            await using var body = await response.Content.ReadAsStreamAsync(cancellationToken);
            long total = 0;
            int read;
            while ((read = await body.ReadAsync(buffer, cancellationToken)) > 0)
            {
                total += read;
            }

            return new Result(total, clock.Elapsed);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
