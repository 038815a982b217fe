using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using AccEmulator.ServerCopy;

namespace AccEmulator;

/// <summary>How to start an emulator: which account to generate, which credentials to accept, which quotas and faults.</summary>
public sealed record EmulatorOptions
{
    /// <summary>The generated account: <see cref="EmulatorDatasets.Demo"/> (default) or <see cref="EmulatorDatasets.SeedScaled"/>.</summary>
    public string Dataset { get; init; } = EmulatorDatasets.Demo;

    /// <summary>Seeds the tree, ids and bytes: the same seed gives the same account (default 42).</summary>
    public long Seed { get; init; } = 42;

    /// <summary>Size factor for <see cref="EmulatorDatasets.SeedScaled"/>; 1.0 is the real account (default 1.0).</summary>
    public double Scale { get; init; } = 1.0;

    /// <summary>
    /// Projects of <see cref="EmulatorDatasets.SeedScaled"/> (default null: 48 × <see cref="Scale"/>, the real account's
    /// 48 at 1.0). The scaled folders and files are split over this many instead (at most one project per two folders):
    /// an account of many small projects, as a firm with a project per job has.
    /// </summary>
    public int? Projects { get; init; }

    /// <summary>
    /// Divides every file size of <see cref="EmulatorDatasets.SeedScaled"/> after it is drawn (default 1: the real sizes).
    /// The tree, names and counts stay those of the same seed and scale; a benchmark that compresses time k-fold
    /// divides the bytes by k so the byte floor shrinks with the quota floors.
    /// </summary>
    public double SizeDivisor { get; init; } = 1.0;

    /// <summary>The loopback port to listen on (default 0: any free port).</summary>
    public int Port { get; init; }

    /// <summary>The client id the token endpoint accepts (default "demo-client").</summary>
    public string ClientId { get; init; } = "demo-client";

    /// <summary>The client secret the token endpoint accepts (default "demo-secret").</summary>
    public string ClientSecret { get; init; } = "demo-secret";

    /// <summary>Adds a 2.5 GiB file (over 2^31 bytes) to the demo account (default false).</summary>
    public bool LargeFile { get; init; }

    /// <summary>Adds a file of this many bytes to the demo account, e.g. 3 GiB for memory tests (default none).</summary>
    public long? ExtraLargeFileBytes { get; init; }

    /// <summary>Rate limits (default APS's real ones).</summary>
    public QuotaOptions Quotas { get; init; } = new();

    /// <summary>Injected faults at start (default none); change them later with <see cref="EmulatorServer.Faults"/>.</summary>
    public FaultOptions Faults { get; init; } = FaultOptions.None;

    /// <summary>
    /// What paged <c>next</c>/<c>prev</c>/<c>first</c> links carry besides the page number (default
    /// <see cref="PageLinkQuery.Echo"/>); <see cref="PageLinkQuery.PageNumberOnly"/> drops <c>page[limit]</c> and
    /// <c>includeHidden</c>, to prove a client re-applies what it asked for.
    /// </summary>
    public PageLinkQuery PageLinkQuery { get; init; } = PageLinkQuery.Echo;

    /// <summary>
    /// Paged <c>links.next.href</c> as host-relative paths (<c>/data/v1/…?page%5Bnumber%5D=N</c>), as APS's reference
    /// examples for folder contents and item versions show them (default false: absolute URLs, as recorded responses carry).
    /// </summary>
    public bool RelativePageLinks { get; init; }

    /// <summary>
    /// Versions without <c>storageSize</c> and <c>fileType</c>, as APS's reference examples show them (default false).
    /// signeds3download then states each object's size as its version's listing would have, a drift file's too: the one
    /// size left to check a download against.
    /// </summary>
    public bool OmitStorageSize { get; init; }

    /// <summary>The emulator's clock for every logical time: tokens, URL expiry, quotas windows, mutations (default system).</summary>
    public TimeProvider TimeProvider { get; init; } = TimeProvider.System;

    /// <summary>signeds3download includes <c>sha1</c> only for objects up to this size (default 64 MiB).</summary>
    public long Sha1MaxBytes { get; init; } = 64L << 20;

    /// <summary>Server-copy mode (default off): signed download URLs are SAS URLs of blobs in this blob service, see <see cref="ServerCopyOptions"/>.</summary>
    /// <remarks>Chunked answers keep the emulator's own part URLs; download faults and bandwidth caps don't apply to SAS URLs.</remarks>
    public ServerCopyOptions? ServerCopy { get; init; }

    /// <summary>Secure Service Accounts whose JWT assertions the token endpoint accepts (default none); more can be registered at runtime.</summary>
    public IReadOnlyList<Auth.EmulatedServiceAccount> ServiceAccounts { get; init; } = [];

    /// <summary>The issue list answers a <c>filter[updatedAt]</c> range (<c>a..b</c>, <c>a..</c>, <c>..b</c>) with 400, as a service that
    /// takes only the single values Autodesk's reference documents would (default false: ranges served).</summary>
    public bool RefuseIssueUpdatedAtRanges { get; init; }

    /// <summary>The truth hashes files up to this size unless asked for all (default 512 MiB).</summary>
    public long TruthHashMaxBytes { get; init; } = 512L << 20;

    /// <summary>How many polls of a Sheets export answer <c>processing</c> before it is <c>successful</c> (default 1).</summary>
    public int SheetExportPolls { get; init; } = 1;

    /// <summary>Links one Relationships <c>:sync</c> answer holds at most before <c>moreData</c> (default 100).</summary>
    public int RelationshipSyncPageSize { get; init; } = 100;
}

/// <summary>The names of the generated accounts.</summary>
public static class EmulatorDatasets
{
    /// <summary>Three small projects with every edge case; a full backup takes seconds.</summary>
    public const string Demo = "demo";

    /// <summary>The real account's shape (11,737 folders, 40,230 files at scale 1.0) times <see cref="EmulatorOptions.Scale"/>.</summary>
    public const string SeedScaled = "seed-scaled";
}
