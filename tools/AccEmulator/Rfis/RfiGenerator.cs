using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Content;
using AccEmulator.Issues;

namespace AccEmulator.Rfis;

/// <summary>Seeds every project's RFIs from a random stream of their own (no other seeded value moves): the demo's first project
/// 6 RFIs and its second 3 (one hidden, one void, one answered officially, attachments of all four types, Docs files among them:
/// <see cref="RfiDocsAttachments"/>), seed-scaled 5–40 a project.</summary>
internal static class RfiGenerator
{
    public static readonly string[] AttachmentTypes = ["rfiResponse", "rfiOfficialResponse", "bridgeFiles", "rfiWebHiddenFiles"];

    private static readonly string[] Subjects = ["Beam depth at grid C4", "Fire rating of shaft wall", "Slab edge detail", "Door hardware set 12", "Curtain wall anchor spacing", "Duct clash above corridor 2"];
    private static readonly string[] Questions = ["The drawings disagree; which governs?", "Please confirm the specified product.", "Can the detail be changed to suit site conditions?", "Dimension missing on the plan."];
    private static readonly string[] Answers = ["Follow the structural drawings.", "Confirmed as specified.", "Accepted, see the sketch attached.", "Use 150 mm."];
    private static readonly string[] Disciplines = ["Architectural", "Structural", "Mechanical", "Electrical", "Civil"];

    public static RfiStore Build(EmulatedAccount account, EmulatorOptions options)
    {
        var store = new RfiStore(account);
        var users = DeterministicRandom.For(options.Seed, "rfis/users");
        var people = Enumerable.Range(0, 6).Select(_ => IssueGenerator.UserId(users)).ToArray();
        var demo = options.Dataset == EmulatorDatasets.Demo;
        var docsFiles = RfiDocsAttachments.Candidates(account);
        for (var p = 0; p < account.Projects.Count; p++)
        {
            var projectGuid = account.Projects[p].ProjectGuid;
            var rfis = store.AddProject(projectGuid);
            var r = DeterministicRandom.For(options.Seed, "rfis/" + projectGuid.ToString("D"));
            var clock = GenerationClock.Spread(r, 200, TimeSpan.FromDays(600));
            var count = demo ? p switch { 0 => 6, 1 => 3, _ => 0 } : r.Next(5, 41);
            for (var i = 0; i < count; i++)
            {
                Add(store, rfis, projectGuid, i, r, clock, people, options, demo, docsFiles.GetValueOrDefault(projectGuid) ?? []);
            }
        }

        return store;
    }

    /// <summary>A new attachment whose bytes are generated from the seed and its object key, like any file's.</summary>
    public static RfiAttachment NewAttachment(long seed, DeterministicRandom ids, EmulatedRfi rfi, string type, string displayName, long length, string user, DateTimeOffset time)
    {
        var attachmentId = ids.NextGuid();
        var objectKey = attachmentId.ToString("D") + Path.GetExtension(displayName).ToLowerInvariant();
        return new RfiAttachment(attachmentId, rfi.Id, type, displayName, new StorageObject(objectKey, length, ContentGenerator.KeyFor(seed, objectKey)), user, time);
    }

    private static void Add(RfiStore store, List<EmulatedRfi> rfis, Guid projectGuid, int index, DeterministicRandom r, GenerationClock clock, string[] people, EmulatorOptions options, bool demo,
        IReadOnlyList<EmulatedItem> docsFiles)
    {
        var created = clock.Next();
        var author = r.Pick(people);
        var rfi = new EmulatedRfi(r.NextGuid(), projectGuid, index + 1)
        {
            Title = r.Pick(Subjects),
            Question = r.Pick(Questions),
            Status = "open",
            Priority = r.Pick((string[])["low", "normal", "high"]),
            Discipline = r.Pick(Disciplines),
            DueDate = DateOnly.FromDateTime(created.UtcDateTime.AddDays(r.Next(3, 21))),
            LocationDescription = r.Chance(0.5) ? $"Level {r.Next(1, 9)}" : null,
            CreatedBy = author,
            CreatedAt = created,
            UpdatedBy = author,
            UpdatedAt = created,
        };
        rfi.AssignedTo.Add(r.Pick(people));
        rfi.Watchers.AddRange(people.Where(_ => r.Chance(0.2)));
        rfis.Add(rfi);

        var time = created;
        for (var n = demo ? index % 3 : r.Next(0, 4); n > 0; n--)
        {
            time = time.AddHours(r.Next(1, 72));
            rfi.Comments.Add(new RfiComment(r.NextGuid(), r.Pick(Questions), r.Pick(people), time));
        }

        var answered = demo ? index % 2 == 0 : r.Chance(0.6);
        if (answered)
        {
            time = time.AddHours(r.Next(2, 96));
            rfi.Responses.Add(new RfiResponse(r.NextGuid(), r.Pick(Answers), Official: true, r.Pick(people), time));
            rfi.PreviousStatus = rfi.Status;
            rfi.Status = demo && index == 2 ? "closed" : "answered";
            (rfi.ClosedAt, rfi.ClosedBy) = rfi.Status == "closed" ? (time, author) : ((DateTimeOffset?)null, (string?)null);
        }

        // The demo's first RFI carries one attachment of each type; the rest a photo now and then.
        var types = demo ? (index == 0 ? AttachmentTypes : index % 2 == 1 ? ["rfiOfficialResponse"] : []) : AttachmentTypes.Where(_ => r.Chance(0.2)).ToArray();
        foreach (var type in types)
        {
            time = time.AddMinutes(r.Next(1, 600));
            var length = demo ? r.Next(10_000, 200_000) : (long)Math.Max(1, r.Next(100_000, 3_000_000) / options.SizeDivisor);
            var name = type == "bridgeFiles" ? $"SK-{r.Next(100, 999)}.pdf" : $"IMG_{r.Next(1000, 9999)}.jpg";
            store.Attach(rfi, NewAttachment(options.Seed, r, rfi, type, name, length, r.Pick(people), time));
        }

        RfiDocsAttachments.Seed(store, rfi, index, demo, options.Seed, docsFiles, author, time);
        rfi.Hidden = demo ? index == 4 : r.Chance(0.05);
        if (demo ? index == 5 : r.Chance(0.05))
        {
            rfi.PreviousStatus = rfi.Status;
            rfi.Status = "void";
        }

        rfi.Touch(r.Pick(people), time);
    }
}
