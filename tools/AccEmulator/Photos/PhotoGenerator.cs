using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Content;
using AccEmulator.Issues;
using AccEmulator.Rfis;

namespace AccEmulator.Photos;

/// <summary>Seeds every project's Photos gallery and its links from random streams of their own (no other seeded value moves):
/// the demo's first project 12 items (2 of them videos) linked to issues, RFIs and forms, its second 4 photos, the third none;
/// seed-scaled 0–60 a project, about one in ten a video, about a third linked. Bytes are small (tens of KB; videos a few hundred).</summary>
internal static class PhotoGenerator
{
    /// <summary>The Relationships domain and type of a photo.</summary>
    public const string PhotoDomain = "autodesk-construction-photo";

    public const string PhotoType = "photo";

    /// <summary>The domains and types photos are linked to here (UNCONFIRMED names: Autodesk documents the photo domain only).</summary>
    public static readonly (string Domain, string Type)[] LinkTargets =
        [("autodesk-construction-issue", "issue"), ("autodesk-construction-rfi", "rfi"), ("autodesk-construction-form", "form")];

    private static readonly string[] Subjects = ["Rebar before pour", "Level 3 slab edge", "Facade mock-up", "Crane base", "Ceiling void services", "Damaged door frame", "Site entrance"];

    public static PhotoStore Build(EmulatedAccount account, IssueStore issues, RfiStore rfis, EmulatorOptions options)
    {
        var store = new PhotoStore(account);
        var users = DeterministicRandom.For(options.Seed, "photos/users");
        var people = Enumerable.Range(0, 5).Select(_ => IssueGenerator.UserId(users)).ToArray();
        var demo = options.Dataset == EmulatorDatasets.Demo;
        for (var p = 0; p < account.Projects.Count; p++)
        {
            var guid = account.Projects[p].ProjectGuid;
            var project = store.AddProject(guid);
            var r = DeterministicRandom.For(options.Seed, "photos/" + guid.ToString("D"));
            var clock = GenerationClock.Spread(r, 200, TimeSpan.FromDays(600));
            var count = demo ? p switch { 0 => 12, 1 => 4, _ => 0 } : r.Next(0, 61);
            var targets = Targets(guid, issues, rfis, r);
            for (var i = 0; i < count; i++)
            {
                var video = demo ? i % 6 == 5 : r.Chance(0.1);
                var photo = NewPhoto(options.Seed, r, guid, Title(r, i, video), video, r.Pick(people), clock.Next(), sizeDivisor: demo ? 1.0 : options.SizeDivisor);
                store.Add(project, photo);
                if ((demo ? i < 7 : r.Chance(0.35)) && targets.Count > 0)
                {
                    var (domain, type, id) = demo ? targets[i % targets.Count] : r.Pick(targets);
                    PhotoStore.Link(project, r.NextGuid(), photo, domain, type, id, photo.CreatedAt.AddMinutes(r.Next(1, 600)));
                }
            }
        }

        return store;
    }

    /// <summary>A new photo or video whose bytes are generated from the seed and its object key, like any file's.</summary>
    public static EmulatedPhoto NewPhoto(long seed, DeterministicRandom r, Guid projectGuid, string title, bool video, string user, DateTimeOffset time, long? length = null, double sizeDivisor = 1.0)
    {
        var id = r.NextGuid();
        var objectKey = id.ToString("D") + (video ? ".mp4" : ".jpg");
        var bytes = length ?? (long)((video ? r.Next(150_000, 300_000) : r.Next(20_000, 60_000)) / Math.Max(1.0, sizeDivisor));
        return new EmulatedPhoto(id, projectGuid, new StorageObject(objectKey, bytes, ContentGenerator.KeyFor(seed, objectKey)))
        {
            Title = title,
            Description = r.Chance(0.5) ? r.Pick(Subjects) : null,
            MediaType = video ? "video" : "photo",
            Type = video ? "video/mp4" : "image/jpeg",
            TakenAt = time.AddMinutes(-r.Next(1, 120)),
            Latitude = r.Chance(0.7) ? Math.Round(51.4 + r.NextDouble() / 10, 6) : null,
            Longitude = r.Chance(0.7) ? Math.Round(-0.2 + r.NextDouble() / 10, 6) : null,
            IsPublic = r.Chance(0.8),
            CreatedBy = user,
            CreatedAt = time,
            UpdatedBy = user,
            UpdatedAt = time,
        };
    }

    private static string Title(DeterministicRandom r, int index, bool video) =>
        (video ? "VID_" : "IMG_") + (1000 + (index * 37) + r.Next(0, 30)).ToString(System.Globalization.CultureInfo.InvariantCulture) + (video ? ".mp4" : ".jpg");

    /// <summary>What a project's photos may be linked to: its issues, its RFIs and (the emulator has no Forms) form ids of their own.</summary>
    private static List<(string Domain, string Type, string Id)> Targets(Guid projectGuid, IssueStore issues, RfiStore rfis, DeterministicRandom r)
    {
        var targets = new List<(string, string, string)>();
        var issueIds = issues.Find(projectGuid)?.Issues.Select(i => i.Id).Take(3) ?? [];
        var rfiIds = rfis.Find(projectGuid)?.Select(i => i.Id).Take(3) ?? [];
        targets.AddRange(issueIds.Select(id => (LinkTargets[0].Domain, LinkTargets[0].Type, id.ToString("D"))));
        targets.AddRange(rfiIds.Select(id => (LinkTargets[1].Domain, LinkTargets[1].Type, id.ToString("D"))));
        if (targets.Count > 0)
        {
            targets.Add((LinkTargets[2].Domain, LinkTargets[2].Type, r.NextGuid().ToString("D")));
        }

        return targets;
    }
}
