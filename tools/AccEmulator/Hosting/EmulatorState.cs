using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Auth;
using AccEmulator.Content;
using AccEmulator.Control;
using AccEmulator.Faults;
using AccEmulator.Issues;
using AccEmulator.Quotas;
using AccEmulator.ServerCopy;

namespace AccEmulator.Hosting;

/// <summary>Everything one emulator instance holds; a singleton its endpoints receive.</summary>
internal sealed class EmulatorState
{
    public EmulatorState(EmulatorOptions options)
    {
        Options = options;
        Clock = options.TimeProvider;
        Account = options.Dataset switch
        {
            EmulatorDatasets.Demo => DemoDataset.Build(options),
            EmulatorDatasets.SeedScaled => ScaledDataset.Build(options),
            _ => throw new ArgumentException($"Unknown dataset '{options.Dataset}'.", nameof(options)),
        };
        Tokens = new TokenStore(Clock);
        StorageIds = DeterministicRandom.For(options.Seed, "storage");
        Quotas = new QuotaLimiter(Clock, options.Quotas);
        Faults = new FaultInjector(options.Faults);
        Mutator = new AccountMutator(Account, options.Seed, Clock);
        Truth = new AccountTruth(Account, Hashes, options.TruthHashMaxBytes);
        Objects = options.ServerCopy is { } serverCopy ? new ObjectStore(serverCopy) : null;
        Issues = IssueGenerator.Build(Account, options);
        IssueMutator = new IssueMutator(Issues, options.Seed, Clock);
        IssueTruth = new IssueTruth(Issues, Hashes);
        ServiceAccounts = new ServiceAccountRegistry(options.ServiceAccounts);
    }

    public EmulatorOptions Options { get; }

    public TimeProvider Clock { get; }

    public EmulatedAccount Account { get; }

    public TokenStore Tokens { get; }

    public QuotaLimiter Quotas { get; }

    public FaultInjector Faults { get; }

    public RequestStats Stats { get; } = new();

    public ObjectHashes Hashes { get; } = new();

    public UrlSigner Signer { get; } = new();

    public AccountMutator Mutator { get; }

    public AccountTruth Truth { get; }

    /// <summary>Every project's issues (attachments are objects of <see cref="Account"/>).</summary>
    public IssueStore Issues { get; }

    public IssueMutator IssueMutator { get; }

    public IssueTruth IssueTruth { get; }

    /// <summary>The service accounts whose JWT assertions the token endpoint accepts.</summary>
    public ServiceAccountRegistry ServiceAccounts { get; }

    /// <summary>Object ids for <c>POST …/storage</c>: a stream of its own, so creating storage shifts no other id.</summary>
    public DeterministicRandom StorageIds { get; }

    /// <summary>Where signed URLs point in server-copy mode; null otherwise.</summary>
    public ObjectStore? Objects { get; }
}
