using System.Globalization;
using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Content;

namespace AccEmulator.Issues;

/// <summary>
/// Seeds every project's issues, deterministically from the account seed: the demo account gets a few per project (some
/// with photos, some with a Docs file of the project attached, some deleted, all with custom attributes), the seed-scaled
/// one a realistic count (20–120) per project.
/// </summary>
internal static class IssueGenerator
{
    public static IssueStore Build(EmulatedAccount account, EmulatorOptions options)
    {
        var store = new IssueStore(account);
        var users = DeterministicRandom.For(options.Seed, "issues/users");
        var people = Enumerable.Range(0, 8).Select(_ => UserId(users)).ToArray();
        var demo = options.Dataset == EmulatorDatasets.Demo;
        var docsFiles = DocsAttachments.Candidates(account);
        for (var p = 0; p < account.Projects.Count; p++)
        {
            var project = account.Projects[p];
            var random = DeterministicRandom.For(options.Seed, "issues/" + project.Id);
            var clock = GenerationClock.Spread(random, 400, TimeSpan.FromDays(700));
            var issues = store.AddProject(project.ProjectGuid, IssueSettingsFactory.Standard(random, people[0], clock.Next()));
            var count = demo ? p switch { 0 => 8, 1 => 5, _ => 0 } : random.Next(20, 121);
            var context = new GenerationContext(store, issues, random, clock, people, options, demo, docsFiles.GetValueOrDefault(project, []));
            for (var i = 0; i < count; i++)
            {
                AddIssue(context, i);
            }
        }

        return store;
    }

    /// <summary>A user id in ACC's shape: 12 upper-case letters and digits.</summary>
    public static string UserId(DeterministicRandom random)
    {
        const string Alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        return string.Create(12, random, (span, r) =>
        {
            for (var i = 0; i < span.Length; i++)
            {
                span[i] = Alphabet[r.Next(Alphabet.Length)];
            }
        });
    }

    private static void AddIssue(GenerationContext c, int index)
    {
        var r = c.Random;
        var settings = c.Project.Settings;
        var type = r.Pick(settings.Types);
        var created = c.Clock.Next();
        var author = r.Pick(c.People);
        var status = IssueVocabulary.PickStatus(r);
        var issue = new EmulatedIssue(r.NextGuid(), c.Project.ProjectGuid, c.Project.NextDisplayId)
        {
            Title = $"{r.Pick(IssueVocabulary.Problems)} {r.Pick(IssueVocabulary.Places)}",
            Description = r.Chance(0.8) ? "Found during the site walk. " + r.Pick(IssueVocabulary.Comments) : null,
            Status = status,
            IssueTypeId = type.Id,
            IssueSubtypeId = r.Pick(type.Subtypes).Id,
            CreatedBy = author,
            CreatedAt = created,
            UpdatedBy = author,
            UpdatedAt = created,
        };
        if (r.Chance(0.8))
        {
            issue.AssignedTo = r.Pick(c.People);
            issue.AssignedToType = "user";
        }

        issue.DueDate = r.Chance(0.6) ? DateOnly.FromDateTime(created.UtcDateTime.AddDays(r.Next(7, 60))) : null;
        issue.StartDate = r.Chance(0.3) ? DateOnly.FromDateTime(created.UtcDateTime) : null;
        issue.LocationId = r.Chance(0.7) ? LocationId(c, r.Next(IssueVocabulary.Locations.Length)) : null;
        issue.LocationDetails = r.Chance(0.5) ? r.Pick(IssueVocabulary.Places) : null;
        var category = r.Pick(settings.RootCauseCategories);
        issue.RootCauseId = status is "closed" or "completed" || r.Chance(0.3) ? r.Pick(category.RootCauses).Id : null;
        issue.Watchers.AddRange(c.People.Where(_ => r.Chance(0.15)));
        AddAttributes(c, issue);
        c.Store.Add(c.Project, issue);

        var time = created;
        for (var n = r.Next(0, 4); n > 0; n--)
        {
            time = time.AddMinutes(r.Next(5, 60 * 24 * 5));
            issue.Comments.Add(new IssueComment(r.NextGuid(), r.Pick(IssueVocabulary.Comments), r.Pick(c.People), time));
        }

        var photos = c.Demo ? (index % 3 == 1 ? 1 + (index % 2) : 0) : (r.Chance(0.3) ? r.Next(1, 4) : 0);
        for (var n = 0; n < photos; n++)
        {
            time = time.AddMinutes(r.Next(1, 600));
            var length = c.Demo ? r.Next(20_000, 400_000) : (long)Math.Max(1, r.Next(200_000, 4_000_000) / c.Options.SizeDivisor);
            c.Store.Attach(issue, NewAttachment(c.Options.Seed, r, issue, $"IMG_{r.Next(1000, 9999)}.jpg", length, r.Pick(c.People), time));
        }

        // Draws nothing from r and moves no time: every value seeded before Docs attachments existed stays as it was.
        DocsAttachments.Seed(c.Store, issue, index, c.Demo, c.Options.Seed, c.DocsFiles, c.People, time);

        if (status is "closed")
        {
            issue.ClosedAt = time = time.AddHours(r.Next(1, 72));
            issue.ClosedBy = r.Pick(c.People);
        }

        issue.Touch(r.Pick(c.People), time);
        if (c.Demo ? index % 4 == 3 : r.Chance(0.05))
        {
            issue.DeletedAt = time = time.AddHours(r.Next(1, 48));
            issue.DeletedBy = r.Pick(c.People);
            issue.Touch(issue.DeletedBy, time);
        }
    }

    /// <summary>A new attachment whose bytes are generated from the seed and its object key, like any file's.</summary>
    /// <remarks>As in ACC, the object key is the attachment id with the file's extension (the API's <c>fileName</c>); the second
    /// id drawn is not used, so every value drawn after it stays as it was.</remarks>
    public static IssueAttachment NewAttachment(long seed, DeterministicRandom ids, EmulatedIssue issue, string displayName, long length, string user, DateTimeOffset time)
    {
        var attachmentId = ids.NextGuid();
        _ = ids.NextGuid();
        var objectKey = attachmentId.ToString("D") + Path.GetExtension(displayName).ToLowerInvariant();
        var storage = new StorageObject(objectKey, length, ContentGenerator.KeyFor(seed, objectKey));
        return new IssueAttachment(attachmentId, issue.Id, displayName, storage, user, time);
    }

    private static void AddAttributes(GenerationContext c, EmulatedIssue issue)
    {
        var r = c.Random;
        foreach (var definition in c.Project.Settings.AttributeDefinitions)
        {
            // Every demo issue carries every attribute; scaled issues leave some empty, as people do.
            if (!c.Demo && !r.Chance(0.6))
            {
                continue;
            }

            var value = definition.DataType switch
            {
                "list" => r.Pick(definition.Options).Id.ToString("D"),
                "numeric" => r.Next(0, 250_000).ToString(CultureInfo.InvariantCulture),
                _ => $"REF-{r.Next(100, 999)}, see \"{r.Pick(IssueVocabulary.Places)}\"",
            };
            issue.CustomAttributes.Add(new IssueAttributeValue(definition.Id, definition.Title, definition.DataType, value));
        }
    }

    // A project's few locations: the same id every time one is picked.
    private static Guid LocationId(GenerationContext c, int index) =>
        DeterministicRandom.For(c.Options.Seed, $"issues/{c.Project.ProjectGuid}/location/{index}").NextGuid();

    private sealed record GenerationContext(
        IssueStore Store, ProjectIssues Project, DeterministicRandom Random, GenerationClock Clock, string[] People, EmulatorOptions Options, bool Demo,
        IReadOnlyList<EmulatedItem> DocsFiles);
}
