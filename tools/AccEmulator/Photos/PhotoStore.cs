using AccEmulator.Accounts;

namespace AccEmulator.Photos;

/// <summary>Every project's photos and links; reads and writes happen under the account's lock (photo files are account objects).</summary>
internal sealed class PhotoStore(EmulatedAccount account)
{
    private readonly Dictionary<Guid, ProjectPhotos> _projects = [];

    public Lock SyncRoot => account.SyncRoot;

    public IEnumerable<ProjectPhotos> Projects => _projects.Values;

    /// <summary>Bumped to refuse every sync token issued so far, as the service does with tokens it no longer keeps.</summary>
    public int TokenEpoch { get; set; }

    /// <summary>While true, <c>photos:filter</c> signs its URLs as already expired (a listing read long before its downloads).</summary>
    public bool ListExpiredUrls { get; set; }

    public ProjectPhotos? Find(Guid projectGuid) => _projects.GetValueOrDefault(projectGuid);

    public ProjectPhotos AddProject(Guid projectGuid) => _projects[projectGuid] = new ProjectPhotos(projectGuid);

    public EmulatedPhoto? FindPhoto(Guid photoId) => _projects.Values.SelectMany(p => p.Photos).FirstOrDefault(p => p.Id == photoId);

    /// <summary>Adds a photo; its bytes become an OSS object the signed-download path serves.</summary>
    public void Add(ProjectPhotos project, EmulatedPhoto photo)
    {
        project.Photos.Add(photo);
        account.Objects.TryAdd(photo.File.ObjectKey, photo.File);
    }

    /// <summary>Links <paramref name="photo"/> to an item: one more change of its project.</summary>
    public static EmulatedRelationship Link(ProjectPhotos project, Guid id, EmulatedPhoto photo, string domain, string type, string itemId, DateTimeOffset time)
    {
        var relationship = new EmulatedRelationship(id, photo.Id, domain, type, itemId, time, ++project.Change);
        project.Relationships.Add(relationship);
        return relationship;
    }

    /// <summary>Removes a link: one more change of its project, reported as deleted by the next sync.</summary>
    public static void Unlink(ProjectPhotos project, EmulatedRelationship relationship, DateTimeOffset time)
    {
        relationship.DeletedOn = time;
        relationship.DeletedChange = ++project.Change;
    }
}
