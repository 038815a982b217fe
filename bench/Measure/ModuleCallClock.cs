using System.Diagnostics;
using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Measure;

/// <summary>When each module's calls went out, seen from the client: every request whose path is one of a module's
/// <see cref="BenchModule.Paths"/> counted for that module and for the project its path names.</summary>
/// <remarks>Hooked into every HttpClient of the product (the modules share the APS client or have one of their own); requests of
/// no module (Data Management, OSS, the token exchange, the downloads) pass through uncounted.</remarks>
internal sealed class ModuleCallClock(IReadOnlyList<BenchModule> modules)
{
    private readonly Stopwatch clock = Stopwatch.StartNew();
    private readonly Lock gate = new();
    private readonly Dictionary<string, ModuleCalls> calls = [];

    /// <summary>A handler for a client's pipeline (one per handler lifetime; all report here).</summary>
    public DelegatingHandler CreateHandler() => new Handler(this);

    /// <summary>Forgets every call and starts the clock again: a night's times count from its start.</summary>
    public void Reset()
    {
        lock (gate)
        {
            calls.Clear();
            clock.Restart();
        }
    }

    /// <summary>When the module's first call started, from the last <see cref="Reset"/>; null before any call.</summary>
    public TimeSpan? FirstCall(string module)
    {
        lock (gate)
        {
            return calls.TryGetValue(module, out var c) ? c.Starts[0] : null;
        }
    }

    /// <summary>From the module's first call's start to its last call's end; zero before any call.</summary>
    public TimeSpan Span(string module)
    {
        lock (gate)
        {
            return calls.TryGetValue(module, out var c) ? c.Last - c.Starts[0] : TimeSpan.Zero;
        }
    }

    /// <summary>The module's calls started in each <paramref name="window"/> counted from its first call.</summary>
    public IReadOnlyList<int> PerWindow(string module, TimeSpan window)
    {
        lock (gate)
        {
            if (!calls.TryGetValue(module, out var c))
            {
                return [];
            }

            var first = c.Starts[0];
            var counts = new int[(int)((c.Last - first) / window) + 1];
            foreach (var at in c.Starts)
            {
                counts[Math.Min((int)((at - first) / window), counts.Length - 1)]++;
            }

            return counts;
        }
    }

    /// <summary>How many projects the module's calls started in each <paramref name="window"/> named: its exports running at once.</summary>
    public IReadOnlyList<int> ProjectsPerWindow(string module, TimeSpan window)
    {
        lock (gate)
        {
            if (!calls.TryGetValue(module, out var c))
            {
                return [];
            }

            var first = c.Starts[0];
            var projects = new HashSet<string>[(int)((c.Last - first) / window) + 1];
            foreach (var (at, project) in c.Starts.Zip(c.StartProjects))
            {
                (projects[Math.Min((int)((at - first) / window), projects.Length - 1)] ??= new HashSet<string>(StringComparer.Ordinal)).Add(project);
            }

            return [.. projects.Select(p => p?.Count ?? 0)];
        }
    }

    /// <summary>The module's calls by the project its path names (the id as the path gives it).</summary>
    public IReadOnlyDictionary<string, int> PerProject(string module)
    {
        lock (gate)
        {
            return calls.TryGetValue(module, out var c) ? new Dictionary<string, int>(c.Projects, StringComparer.Ordinal) : [];
        }
    }

    private BenchModule? ModuleOf(Uri? uri) =>
        uri is null ? null : modules.FirstOrDefault(m => m.Paths.IsMatch(uri.AbsolutePath));

    private TimeSpan Started(BenchModule module, Uri uri)
    {
        var now = clock.Elapsed;
        var project = ProjectOf(uri.AbsolutePath);
        lock (gate)
        {
            if (!calls.TryGetValue(module.Name, out var c))
            {
                calls[module.Name] = c = new ModuleCalls();
            }

            c.Starts.Add(now);
            c.StartProjects.Add(project);
            c.Projects[project] = c.Projects.GetValueOrDefault(project) + 1;
        }

        return now;
    }

    private void Ended(BenchModule module)
    {
        var now = clock.Elapsed;
        lock (gate)
        {
            if (calls.TryGetValue(module.Name, out var c) && now > c.Last)
            {
                c.Last = now;
            }
        }
    }

    // The segment after "projects/" in the module APIs' paths (…/projects/{projectId}/…), without Data Management's "b.".
    private static string ProjectOf(string path)
    {
        var segments = path.Split('/', StringSplitOptions.RemoveEmptyEntries);
        var at = Array.IndexOf(segments, "projects");
        var id = at >= 0 && at + 1 < segments.Length ? Uri.UnescapeDataString(segments[at + 1]) : "";
        return id.StartsWith("b.", StringComparison.Ordinal) ? id[2..] : id;
    }

    private sealed class ModuleCalls
    {
        public List<TimeSpan> Starts { get; } = [];

        public List<string> StartProjects { get; } = [];

        public Dictionary<string, int> Projects { get; } = new(StringComparer.Ordinal);

        public TimeSpan Last { get; set; }
    }

    private sealed class Handler(ModuleCallClock owner) : DelegatingHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            if (owner.ModuleOf(request.RequestUri) is not { } module)
            {
                return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
            }

            owner.Started(module, request.RequestUri!);
            try
            {
                return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                owner.Ended(module);
            }
        }
    }
}
