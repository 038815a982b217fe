using AccEmulator.Accounts;
using AccEmulator.Control;
using AccEmulator.Faults;
using AccEmulator.Hosting;
using AccEmulator.Quotas;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;

namespace AccEmulator;

/// <summary>A running emulator on 127.0.0.1: start it, point a client at <see cref="BaseUrl"/>, dispose it.</summary>
public sealed class EmulatorServer : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly EmulatorState _state;

    private EmulatorServer(WebApplication app, EmulatorState state, Uri baseUrl)
    {
        _app = app;
        _state = state;
        BaseUrl = baseUrl;
    }

    /// <summary>The root of every endpoint, e.g. <c>http://127.0.0.1:5080/</c>.</summary>
    public Uri BaseUrl { get; }

    /// <summary>The client id the token endpoint accepts.</summary>
    public string ClientId => _state.Options.ClientId;

    /// <summary>The client secret the token endpoint accepts.</summary>
    public string ClientSecret => _state.Options.ClientSecret;

    /// <summary>The hub id, <c>b.{AccountId}</c>.</summary>
    public string HubId => _state.Account.HubId;

    /// <summary>The account id (a GUID string), the hub id without <c>b.</c>.</summary>
    public string AccountId => _state.Account.AccountId.ToString("D");

    /// <summary>Changes files and folders in the running account.</summary>
    public AccountMutator Mutations => _state.Mutator;

    /// <summary>The oracle: every live file with its expected path, sizes and hash.</summary>
    public AccountTruth Truth => _state.Truth;

    /// <summary>Changes issues, their comments and attachments in the running account.</summary>
    public Issues.IssueMutator IssueMutations => _state.IssueMutator;

    /// <summary>The oracle for issue backups: every issue, comment and attachment hash.</summary>
    public Issues.IssueTruth IssueTruth => _state.IssueTruth;

    /// <summary>Changes to the Sheets tool between backups.</summary>
    public Sheets.SheetMutator SheetMutations => _state.SheetMutator;

    /// <summary>The Sheets oracle: every record and each version set's PDF hash.</summary>
    public Sheets.SheetTruth SheetTruth => _state.SheetTruth;

    /// <summary>Changes to projects' members between backups.</summary>
    public Members.MemberMutator MemberMutations => _state.MemberMutator;

    /// <summary>The members oracle: every project's members, removed ones too.</summary>
    public Members.MemberTruth MemberTruth => _state.MemberTruth;

    /// <summary>Changes to RFIs between backups.</summary>
    public Rfis.RfiMutator RfiMutations => _state.RfiMutator;

    /// <summary>The RFIs oracle: every RFI whole, its comments, its attachments' hashes.</summary>
    public Rfis.RfiTruth RfiTruth => _state.RfiTruth;

    /// <summary>Changes to Docs folder permissions between backups.</summary>
    public DocsPermissions.FolderPermissionMutator FolderPermissionMutations => _state.FolderPermissionMutator;

    /// <summary>The folder permissions oracle: every folder with what the permissions API answers for it.</summary>
    public DocsPermissions.FolderPermissionTruth FolderPermissionTruth => _state.FolderPermissionTruth;

    /// <summary>Changes to Docs custom attributes between backups.</summary>
    public CustomAttributes.AttributeMutator AttributeMutations => _state.AttributeMutator;

    /// <summary>The custom attributes oracle: every folder's definitions and every version's values.</summary>
    public CustomAttributes.AttributeTruth AttributeTruth => _state.AttributeTruth;

    /// <summary>Changes to forms between backups.</summary>
    public Forms.FormMutator FormMutations => _state.FormMutator;

    /// <summary>The forms oracle: every template, every listed form with its values, table rows, PDF values and PDF hash.</summary>
    public Forms.FormTruth FormTruth => _state.FormTruth;

    /// <summary>Changes to photos and their links between backups.</summary>
    public Photos.PhotoMutator PhotoMutations => _state.PhotoMutator;

    /// <summary>The Photos oracle: every photo with its bytes' SHA-256, every link that holds.</summary>
    public Photos.PhotoTruth PhotoTruth => _state.PhotoTruth;

    /// <summary>Registers (or replaces, same key id) a service account's public key: its JWT assertions are accepted from now on.</summary>
    public void RegisterServiceAccount(Auth.EmulatedServiceAccount account) => _state.ServiceAccounts.Register(account);

    /// <summary>The faults in force; assign to change them at runtime (bursts and counters restart).</summary>
    public FaultOptions Faults
    {
        get => _state.Faults.Options;
        set => _state.Faults.Options = value;
    }

    /// <summary>The quotas in force; assign to change them at runtime (windows restart).</summary>
    public QuotaOptions Quotas
    {
        get => _state.Quotas.Options;
        set => _state.Quotas.Options = value;
    }

    /// <summary>Starts an emulator; the account is generated before this returns.</summary>
    public static Task<EmulatorServer> StartAsync(EmulatorOptions options, CancellationToken cancellationToken = default) =>
        StartAsync(options, LogLevel.None, cancellationToken);

    /// <summary>Who may write where: per folder (and its subtree), per user id; everyone may do everything until set.</summary>
    public AccEmulator.Permissions.FolderPermissions Permissions => _state.Permissions;

    /// <summary>What the write endpoints did so far: versions created per item, items, folders, uploaded bytes.</summary>
    public Writes.WriteStats GetWriteStats() => _state.WriteStats();

    /// <summary>Requests and bytes served so far.</summary>
    public StatsSnapshot GetStats() => _state.Stats.Snapshot();

    /// <summary>Bytes uploaded to the server-copy blob service so far (0 unless <see cref="EmulatorOptions.ServerCopy"/> is set).</summary>
    public long ServerCopyUploadedBytes => _state.Objects?.UploadedBytes ?? 0;

    /// <summary>Sets every stats counter back to zero.</summary>
    public void ResetStats() => _state.Stats.Reset();

    /// <summary>Stops listening and releases the port.</summary>
    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    internal static async Task<EmulatorServer> StartAsync(EmulatorOptions options, LogLevel logLevel, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        var state = new EmulatorState(options);
        if (options.ServerCopy is { UploadAtStart: true })
        {
            IReadOnlyList<Accounts.StorageObject> objects;
            lock (state.Account.SyncRoot)
            {
                objects = [.. state.Account.Objects.Values];
            }

            await state.Objects!.UploadAllAsync(objects, cancellationToken);
        }

        var app = EmulatorApp.Build(state, logLevel);
        await app.StartAsync(cancellationToken);
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        return new EmulatorServer(app, state, new Uri(address.TrimEnd('/') + "/"));
    }
}
