using System.Buffers;
using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Content;

namespace AccEmulator.Issues;

/// <summary>The oracle for issue backups: every issue (deleted ones too) with every field, its comments, its attachments with
/// the SHA-256 of the bytes actually served, and the project's settings, in the API's own shapes.</summary>
public sealed class IssueTruth
{
    private readonly IssueStore _store;
    private readonly ObjectHashes _hashes;

    internal IssueTruth(IssueStore store, ObjectHashes hashes)
    {
        _store = store;
        _hashes = hashes;
    }

    /// <summary><c>{"projects":[{"projectId","settings":{…},"issues":[{"issue","comments","attachments":[{"attachment","sha256"}]}]}]}</c>,
    /// for one project (GUID, with or without <c>b.</c>) or all.</summary>
    public async Task<JsonDocument> GetAsync(string? projectId = null, CancellationToken cancellationToken = default)
    {
        Guid? only = projectId is null ? null : Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        List<StorageObject> objects;
        lock (_store.SyncRoot)
        {
            objects = [.. Selected(only).SelectMany(p => p.Issues).SelectMany(i => i.Attachments).Select(a => a.Storage)];
        }

        // Attachments never change (a new one is a new object), so hashes taken before the snapshot stay right.
        var hashes = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var storage in objects)
        {
            hashes[storage.ObjectKey] = (await _hashes.GetAsync(storage, cancellationToken).ConfigureAwait(false)).Sha256;
        }

        var buffer = new ArrayBufferWriter<byte>();
        lock (_store.SyncRoot)
        {
            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            w.WriteStartArray("projects");
            foreach (var project in Selected(only))
            {
                WriteProject(w, project, hashes);
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return JsonDocument.Parse(buffer.WrittenMemory);
    }

    private IEnumerable<ProjectIssues> Selected(Guid? only) => _store.Projects.Where(p => only is null || p.ProjectGuid == only);

    private static void WriteProject(Utf8JsonWriter w, ProjectIssues project, Dictionary<string, string> hashes)
    {
        w.WriteStartObject();
        w.WriteString("projectId", project.ProjectGuid);
        w.WriteStartObject("settings");
        WriteArray(w, "issueTypes", project.Settings.Types, t => IssueJson.WriteType(w, t, project.ProjectGuid, withSubtypes: true));
        WriteArray(w, "rootCauseCategories", project.Settings.RootCauseCategories, c => IssueJson.WriteRootCauseCategory(w, c, withRootCauses: true));
        WriteArray(w, "attributeDefinitions", project.Settings.AttributeDefinitions, d => IssueJson.WriteAttributeDefinition(w, d, project.ProjectGuid));
        WriteArray(w, "attributeMappings", project.Settings.AttributeMappings, m => IssueJson.WriteAttributeMapping(w, m, project.ProjectGuid));
        w.WriteEndObject();
        WriteArray(w, "issues", project.Issues, issue =>
        {
            w.WriteStartObject();
            w.WritePropertyName("issue");
            IssueJson.WriteIssue(w, issue);
            WriteArray(w, "comments", issue.Comments, c => IssueJson.WriteComment(w, c));
            WriteArray(w, "attachments", issue.Attachments, a =>
            {
                w.WriteStartObject();
                w.WritePropertyName("attachment");
                IssueJson.WriteAttachment(w, a);
                w.WriteString("sha256", hashes.GetValueOrDefault(a.Storage.ObjectKey));
                w.WriteEndObject();
            });
            w.WriteEndObject();
        });
        w.WriteEndObject();
    }

    private static void WriteArray<T>(Utf8JsonWriter w, string name, IEnumerable<T> items, Action<T> write)
    {
        w.WriteStartArray(name);
        foreach (var item in items)
        {
            write(item);
        }

        w.WriteEndArray();
    }
}
