using AccEmulator.Accounts.Generation;

namespace AccEmulator.Photos;

/// <summary>Changes the Photos gallery and its links between (or during) runs, as people do in ACC.</summary>
/// <remarks>Unknown ids throw <see cref="KeyNotFoundException"/>.</remarks>
public sealed class PhotoMutator
{
    /// <summary>The user every mutation is made by.</summary>
    public const string User = "EMULATORUSR1";

    private readonly PhotoStore _store;
    private readonly long _seed;
    private readonly DeterministicRandom _ids;
    private readonly TimeProvider _clock;

    internal PhotoMutator(PhotoStore store, long seed, TimeProvider clock)
    {
        _store = store;
        _seed = seed;
        _ids = DeterministicRandom.For(seed, "photos/mutations");
        _clock = clock;
    }

    /// <summary>Uploads a photo (or a video) of <paramref name="length"/> bytes; returns its id.</summary>
    /// <param name="projectId">The project, with or without <c>b.</c>.</param>
    public Guid Add(string projectId, string title, long length, bool video = false)
    {
        lock (_store.SyncRoot)
        {
            var project = Project(projectId);
            var photo = PhotoGenerator.NewPhoto(_seed, _ids, project.ProjectGuid, title, video, User, _clock.GetUtcNow(), length);
            _store.Add(project, photo);
            return photo.Id;
        }
    }

    /// <summary>Changes a photo's title or description (its bytes stay): moves its <c>updatedAt</c>.</summary>
    public void Update(Guid photoId, string? title = null, string? description = null)
    {
        lock (_store.SyncRoot)
        {
            var photo = _store.FindPhoto(photoId) ?? throw new KeyNotFoundException($"Photo '{photoId}' not found.");
            photo.Title = title ?? photo.Title;
            photo.Description = description ?? photo.Description;
            photo.UpdatedBy = User;
            photo.UpdatedAt = _clock.GetUtcNow();
        }
    }

    /// <summary>Deletes a photo: the listing no longer has it, and its links are removed (the next sync reports them deleted).</summary>
    public void Delete(Guid photoId)
    {
        lock (_store.SyncRoot)
        {
            var photo = _store.FindPhoto(photoId) ?? throw new KeyNotFoundException($"Photo '{photoId}' not found.");
            var project = _store.Find(photo.ProjectGuid)!;
            project.Photos.Remove(photo);
            foreach (var link in project.Relationships.Where(r => r.PhotoId == photoId && r.DeletedOn is null))
            {
                PhotoStore.Unlink(project, link, _clock.GetUtcNow());
            }
        }
    }

    /// <summary>Links a photo to an item (<see cref="PhotoGenerator.LinkTargets"/> domains: an issue, an RFI, a form); returns the link's id.</summary>
    public Guid Link(Guid photoId, string domain, string type, string itemId)
    {
        lock (_store.SyncRoot)
        {
            var photo = _store.FindPhoto(photoId) ?? throw new KeyNotFoundException($"Photo '{photoId}' not found.");
            return PhotoStore.Link(_store.Find(photo.ProjectGuid)!, _ids.NextGuid(), photo, domain, type, itemId, _clock.GetUtcNow()).Id;
        }
    }

    /// <summary>Removes a link.</summary>
    public void Unlink(Guid relationshipId)
    {
        lock (_store.SyncRoot)
        {
            var project = _store.Projects.FirstOrDefault(p => p.Relationships.Any(r => r.Id == relationshipId && r.DeletedOn is null))
                ?? throw new KeyNotFoundException($"Relationship '{relationshipId}' not found.");
            PhotoStore.Unlink(project, project.Relationships.First(r => r.Id == relationshipId), _clock.GetUtcNow());
        }
    }

    /// <summary>Refuses every sync token issued so far (400), as the service does with a token it no longer keeps.</summary>
    public void ExpireSyncTokens()
    {
        lock (_store.SyncRoot)
        {
            _store.TokenEpoch++;
        }
    }

    /// <summary>While <paramref name="expired"/>, <c>photos:filter</c> hands out signed URLs that have already expired.</summary>
    public void ListExpiredUrls(bool expired)
    {
        lock (_store.SyncRoot)
        {
            _store.ListExpiredUrls = expired;
        }
    }

    private ProjectPhotos Project(string projectId) =>
        _store.Find(Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId)) ?? throw new KeyNotFoundException($"No project '{projectId}'.");
}
