using System.Diagnostics;
using AccBackup.Bench.Variants;
using AccBackup.Testing;

namespace AccBackup.Bench.Measure;

/// <summary>Downloads in flight through the signed-URL client: the peak, and the time-weighted average since the last reset.</summary>
/// <remarks>A download counts from its request until its body stream is disposed, i.e. for as long as it holds a connection.</remarks>
internal sealed class DownloadGauge
{
    private readonly Lock gate = new();
    private readonly Stopwatch clock = Stopwatch.StartNew();
    private int current;
    private int peak;
    private double area;
    private double since;
    private double last;
    private long bytes;

    /// <summary>Response-body bytes read through the download client since <see cref="Reset"/>: the bytes that passed through this worker.</summary>
    public long Bytes => Interlocked.Read(ref bytes);

    /// <summary>The most downloads seen in flight at once.</summary>
    public int Peak
    {
        get
        {
            lock (gate)
            {
                return peak;
            }
        }
    }

    /// <summary>Downloads in flight now.</summary>
    public int Current
    {
        get
        {
            lock (gate)
            {
                return current;
            }
        }
    }

    /// <summary>Average downloads in flight since <see cref="Reset"/>.</summary>
    public double Average
    {
        get
        {
            lock (gate)
            {
                var now = clock.Elapsed.TotalSeconds;
                var total = area + (current * (now - last));
                return now > since ? total / (now - since) : 0;
            }
        }
    }

    /// <summary>Starts a new measurement.</summary>
    public void Reset()
    {
        lock (gate)
        {
            since = last = clock.Elapsed.TotalSeconds;
            area = 0;
            peak = current;
            Interlocked.Exchange(ref bytes, 0);
        }
    }

    /// <summary>A handler for the download client's pipeline.</summary>
    public DelegatingHandler CreateHandler() => new GaugeHandler(this);

    private void Change(int delta)
    {
        lock (gate)
        {
            var now = clock.Elapsed.TotalSeconds;
            area += current * (now - last);
            last = now;
            current += delta;
            peak = Math.Max(peak, current);
        }
    }

    private sealed class GaugeHandler(DownloadGauge gauge) : DelegatingHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            gauge.Change(+1);
            HttpResponseMessage response;
            try
            {
                response = await base.SendAsync(request, cancellationToken);
            }
            catch
            {
                gauge.Change(-1);
                throw;
            }

            var body = await response.Content.ReadAsStreamAsync(cancellationToken);
            var counting = new CountingReadStream(body, read => Interlocked.Add(ref gauge.bytes, read));
            var counted = new StreamContent(new ReleasingStream(counting, () => gauge.Change(-1)));
            foreach (var header in response.Content.Headers)
            {
                counted.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            response.Content = counted;
            return response;
        }
    }
}
