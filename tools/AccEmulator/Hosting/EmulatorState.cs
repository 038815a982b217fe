using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Auth;
using AccEmulator.Content;
using AccEmulator.Control;
using AccEmulator.Faults;
using AccEmulator.Forms;
using AccEmulator.Issues;
using AccEmulator.Members;
using AccEmulator.Permissions;
using AccEmulator.Photos;
using AccEmulator.Quotas;
using AccEmulator.Rfis;
using AccEmulator.ServerCopy;
using AccEmulator.Sheets;
using AccEmulator.Uploads;
using AccEmulator.Writes;

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
        Sheets = SheetGenerator.Build(Account, options);
        SheetMutator = new SheetMutator(Sheets, options.Seed, Clock);
        SheetTruth = new SheetTruth(Sheets);
        SheetIds = DeterministicRandom.For(options.Seed, "sheets/exports");
        Members = MemberGenerator.Build(Account, options);
        MemberMutator = new MemberMutator(Members, Clock);
        MemberTruth = new MemberTruth(Members);
        Rfis = RfiGenerator.Build(Account, options);
        RfiMutator = new RfiMutator(Rfis, options.Seed, Clock);
        RfiTruth = new RfiTruth(Rfis, Hashes);
        FolderPermissions = DocsPermissions.FolderPermissionGenerator.Build(Account, Members, options);
        FolderPermissionMutator = new DocsPermissions.FolderPermissionMutator(FolderPermissions);
        FolderPermissionTruth = new DocsPermissions.FolderPermissionTruth(FolderPermissions);
        Attributes = CustomAttributes.AttributeGenerator.Build(Account, options);
        AttributeMutator = new CustomAttributes.AttributeMutator(Attributes);
        AttributeTruth = new CustomAttributes.AttributeTruth(Attributes);
        Forms = FormGenerator.Build(Account, options);
        FormMutator = new FormMutator(Forms, options, Clock);
        FormTruth = new FormTruth(Forms, Hashes);
        Photos = PhotoGenerator.Build(Account, Issues, Rfis, options);
        PhotoMutator = new PhotoMutator(Photos, options.Seed, Clock);
        PhotoTruth = new PhotoTruth(Photos, Hashes);
        ServiceAccounts = new ServiceAccountRegistry(options.ServiceAccounts);
        Uploads = new UploadStore(Account, Clock);
        Writer = new AccountWriter(Account, options.Seed, Clock, Permissions, Uploads, Faults);
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

    /// <summary>Every project's Sheets tool (exported PDFs are objects of <see cref="Account"/>).</summary>
    public SheetStore Sheets { get; }

    public SheetMutator SheetMutator { get; }

    public SheetTruth SheetTruth { get; }

    /// <summary>Every project's members (Admin API project users).</summary>
    public MemberStore Members { get; }

    public MemberMutator MemberMutator { get; }

    public MemberTruth MemberTruth { get; }

    /// <summary>Every Docs folder's permissions (users, roles, companies).</summary>
    internal DocsPermissions.FolderPermissionStore FolderPermissions { get; }

    public DocsPermissions.FolderPermissionMutator FolderPermissionMutator { get; }

    public DocsPermissions.FolderPermissionTruth FolderPermissionTruth { get; }

    /// <summary>Every folder's custom attribute definitions and every version's values.</summary>
    internal CustomAttributes.AttributeStore Attributes { get; }

    public CustomAttributes.AttributeMutator AttributeMutator { get; }

    public CustomAttributes.AttributeTruth AttributeTruth { get; }

    /// <summary>Every project's RFIs (attachments are objects of <see cref="Account"/>).</summary>
    public RfiStore Rfis { get; }

    public RfiMutator RfiMutator { get; }

    public RfiTruth RfiTruth { get; }

    /// <summary>Every project's forms and templates (PDFs are objects of <see cref="Account"/>).</summary>
    public FormStore Forms { get; }

    public FormMutator FormMutator { get; }

    public FormTruth FormTruth { get; }

    /// <summary>Every project's Photos gallery and its links (photo files are objects of <see cref="Account"/>).</summary>
    public PhotoStore Photos { get; }

    public PhotoMutator PhotoMutator { get; }

    public PhotoTruth PhotoTruth { get; }

    /// <summary>Export job ids, a stream of their own.</summary>
    public DeterministicRandom SheetIds { get; }

    /// <summary>The service accounts whose JWT assertions the token endpoint accepts.</summary>
    public ServiceAccountRegistry ServiceAccounts { get; }

    /// <summary>Object ids for <c>POST …/storage</c>: a stream of its own, so creating storage shifts no other id.</summary>
    public DeterministicRandom StorageIds { get; }

    /// <summary>Storage reserved by <c>POST …/storage</c> and the uploads into it.</summary>
    public UploadStore Uploads { get; }

    /// <summary>Who may write where (per folder, per user id).</summary>
    public FolderPermissions Permissions { get; } = new();

    /// <summary>The rules of the Data Management writes; used under <see cref="EmulatedAccount.SyncRoot"/>.</summary>
    public AccountWriter Writer { get; }

    /// <summary>What the write endpoints did so far.</summary>
    public WriteStats WriteStats()
    {
        lock (Account.SyncRoot)
        {
            return Writer.Stats();
        }
    }

    /// <summary>Where signed URLs point in server-copy mode; null otherwise.</summary>
    public ObjectStore? Objects { get; }
}
