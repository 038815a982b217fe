using AccEmulator.Accounts.Generation;

namespace AccEmulator.Rfis;

/// <summary>Changes RFIs between (or during) runs, as people do in ACC: every change moves the RFI's <c>updatedAt</c>.</summary>
/// <remarks>A comment, a response or an attachment also moves its RFI's <c>updatedAt</c> here, which is what lets an incremental
/// backup find them (UNCONFIRMED against ACC). Unknown ids throw <see cref="KeyNotFoundException"/>.</remarks>
public sealed class RfiMutator
{
    /// <summary>The user every mutation is made by.</summary>
    public const string User = "EMULATORUSR1";

    private readonly RfiStore _store;
    private readonly long _seed;
    private readonly DeterministicRandom _ids;
    private readonly TimeProvider _clock;

    internal RfiMutator(RfiStore store, long seed, TimeProvider clock)
    {
        _store = store;
        _seed = seed;
        _ids = DeterministicRandom.For(seed, "rfis/mutations");
        _clock = clock;
    }

    /// <summary>Creates an open RFI; returns its id.</summary>
    /// <param name="projectId">The project, with or without <c>b.</c>.</param>
    public Guid Create(string projectId, string title)
    {
        lock (_store.SyncRoot)
        {
            var guid = Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
            var rfis = _store.Find(guid) ?? throw new KeyNotFoundException($"No project '{projectId}'.");
            var now = _clock.GetUtcNow();
            var rfi = new EmulatedRfi(_ids.NextGuid(), guid, rfis.Count == 0 ? 1 : rfis.Max(r => r.Number) + 1)
            {
                Title = title,
                Question = "Raised by the emulator.",
                Status = "open",
                Priority = "normal",
                Discipline = "Architectural",
                CreatedBy = User,
                CreatedAt = now,
                UpdatedBy = User,
                UpdatedAt = now,
            };
            rfis.Add(rfi);
            return rfi.Id;
        }
    }

    /// <summary>Changes an RFI's title or status (null leaves it).</summary>
    public void Update(Guid rfiId, string? title = null, string? status = null) => Change(rfiId, rfi =>
    {
        rfi.Title = title ?? rfi.Title;
        if (status is not null && status != rfi.Status)
        {
            (rfi.PreviousStatus, rfi.Status) = (rfi.Status, status);
        }
    });

    /// <summary>Answers an RFI officially.</summary>
    public void Answer(Guid rfiId, string text) => Change(rfiId, rfi =>
    {
        rfi.Responses.Add(new RfiResponse(_ids.NextGuid(), text, Official: true, User, _clock.GetUtcNow()));
        (rfi.PreviousStatus, rfi.Status) = (rfi.Status, "answered");
    });

    /// <summary>Adds a comment.</summary>
    public void Comment(Guid rfiId, string body) => Change(rfiId, rfi => rfi.Comments.Add(new RfiComment(_ids.NextGuid(), body, User, _clock.GetUtcNow())));

    /// <summary>Attaches a new file of <paramref name="type"/> (its bytes generated from the seed and its object key).</summary>
    public void Attach(Guid rfiId, string type, string displayName, long length) =>
        Change(rfiId, rfi => _store.Attach(rfi, RfiGenerator.NewAttachment(_seed, _ids, rfi, type, displayName, length, User, _clock.GetUtcNow())));

    /// <summary>Attaches the Docs file version <paramref name="versionId"/> of the RFI's project; returns the attachment's id.</summary>
    public Guid AttachDocsFile(Guid rfiId, string type, string versionId)
    {
        var attachmentId = Guid.Empty;
        Change(rfiId, rfi =>
        {
            if (!_store.Account.Versions.TryGetValue(versionId, out var version) || version.Item.Parent.Project.ProjectGuid != rfi.ProjectGuid)
            {
                throw new KeyNotFoundException($"No version '{versionId}' in the RFI's project.");
            }

            attachmentId = _ids.NextGuid();
            _store.Attach(rfi, RfiDocsAttachments.Create(attachmentId, rfi, type, version, User, _clock.GetUtcNow()));
        });
        return attachmentId;
    }

    /// <summary>Hides an RFI (or shows it again): the default search then leaves it out.</summary>
    public void Hide(Guid rfiId, bool hidden) => Change(rfiId, rfi => rfi.Hidden = hidden);

    /// <summary>Removes an RFI entirely (no search finds it any more): only a full read notices.</summary>
    public void Purge(Guid rfiId)
    {
        lock (_store.SyncRoot)
        {
            var rfi = _store.FindRfi(rfiId) ?? throw new KeyNotFoundException($"RFI '{rfiId}' not found.");
            _store.Find(rfi.ProjectGuid)!.Remove(rfi);
        }
    }

    private void Change(Guid rfiId, Action<EmulatedRfi> change)
    {
        lock (_store.SyncRoot)
        {
            var rfi = _store.FindRfi(rfiId) ?? throw new KeyNotFoundException($"RFI '{rfiId}' not found.");
            change(rfi);
            rfi.Touch(User, _clock.GetUtcNow());
        }
    }
}
