using System.Globalization;
using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Issues;

namespace AccEmulator.Sheets;

/// <summary>
/// Seeds every project's Sheets tool, deterministically from the account seed and a random stream of its own (no other seeded
/// value moves): the demo account's first project gets a collection with two issuances (so superseded sheets), an ungrouped
/// version set, a deleted sheet and published markups; its second a small set; the seed-scaled account a realistic number
/// (2–6 version sets of 5–40 sheets) per project.
/// </summary>
internal static class SheetGenerator
{
    private static readonly string[] Disciplines = ["A", "S", "M", "E", "P"];
    private static readonly string[] Subjects =
        ["Ground floor plan", "First floor plan", "Roof plan", "Sections", "Elevations north and south", "Details", "Foundation plan", "Stair core", "Reflected ceiling plan", "Schedules"];

    private static readonly string[] Notes = ["Check this dimension", "Door swing reversed", "Add fire damper here", "Coordinate with structure", "RFI pending"];

    public static SheetStore Build(EmulatedAccount account, EmulatorOptions options)
    {
        var store = new SheetStore(account);
        var demo = options.Dataset == EmulatorDatasets.Demo;
        var users = DeterministicRandom.For(options.Seed, "sheets/users");
        var people = Enumerable.Range(0, 6).Select(i => new SheetUser(IssueGenerator.UserId(users), $"Sheet Author {i + 1}")).ToArray();
        for (var p = 0; p < account.Projects.Count; p++)
        {
            var project = store.AddProject(account.Projects[p].ProjectGuid);
            var r = DeterministicRandom.For(options.Seed, "sheets/" + project.ProjectGuid.ToString("D"));
            var clock = GenerationClock.Spread(r, 200, TimeSpan.FromDays(600));
            if (demo)
            {
                if (p == 0)
                {
                    var building = AddCollection(project, r, "Building A", people, clock);
                    var ifc = AddVersionSet(project, r, "Issued for Construction", building, people, clock);
                    AddSheets(project, r, ifc, "A", 6, people, clock, markupChance: 0.5);
                    var revision = AddVersionSet(project, r, "Revision 1", building, people, clock);
                    AddSheets(project, r, revision, "A", 2, people, clock, markupChance: 1);
                    var tender = AddVersionSet(project, r, "Tender set", null, people, clock);
                    AddSheets(project, r, tender, "S", 3, people, clock, markupChance: 0);
                    var withdrawn = project.SheetsOf(ifc).Last();
                    withdrawn.DeletedAt = clock.Next();
                    withdrawn.DeletedBy = people[1];
                    withdrawn.Touch(people[1], withdrawn.DeletedAt.Value);
                }
                else if (p == 1)
                {
                    AddSheets(project, r, AddVersionSet(project, r, "Permit set", null, people, clock), "A", 3, people, clock, markupChance: 0.3);
                }

                continue;
            }

            var collections = Enumerable.Range(0, r.Next(0, 3)).Select(i => AddCollection(project, r, $"Building {(char)('A' + i)}", people, clock)).ToArray();
            for (var v = r.Next(2, 7); v > 0; v--)
            {
                var collection = collections.Length == 0 || r.Chance(0.2) ? null : r.Pick(collections);
                var set = AddVersionSet(project, r, $"Issue {project.VersionSets.Count + 1}", collection, people, clock);
                AddSheets(project, r, set, r.Pick(Disciplines), r.Next(5, 41), people, clock, markupChance: 0.2);
                foreach (var sheet in project.SheetsOf(set).Where(_ => r.Chance(0.03)))
                {
                    sheet.DeletedAt = clock.Next();
                    sheet.DeletedBy = r.Pick(people);
                    sheet.Touch(sheet.DeletedBy, sheet.DeletedAt.Value);
                }
            }
        }

        return store;
    }

    private static EmulatedSheetCollection AddCollection(ProjectSheets project, DeterministicRandom r, string name, SheetUser[] people, GenerationClock clock)
    {
        var collection = new EmulatedSheetCollection(r.NextGuid(), name, r.Pick(people), clock.Next());
        project.Collections.Add(collection);
        return collection;
    }

    private static EmulatedVersionSet AddVersionSet(
        ProjectSheets project, DeterministicRandom r, string name, EmulatedSheetCollection? collection, SheetUser[] people, GenerationClock clock)
    {
        var created = clock.Next();
        var author = r.Pick(people);
        var set = new EmulatedVersionSet(r.NextGuid(), project.ProjectGuid, name, DateOnly.FromDateTime(created.UtcDateTime), collection)
        {
            CreatedBy = author, CreatedAt = created, UpdatedBy = author, UpdatedAt = created,
        };
        project.VersionSets.Add(set);
        return set;
    }

    /// <summary>Issues <paramref name="count"/> sheets numbered <c>{discipline}-101…</c> into <paramref name="set"/>.</summary>
    public static void AddSheets(
        ProjectSheets project, DeterministicRandom r, EmulatedVersionSet set, string discipline, int count, IReadOnlyList<SheetUser> people, GenerationClock clock, double markupChance)
    {
        for (var i = 0; i < count; i++)
        {
            var created = clock.Next();
            var sheet = NewSheet(r, set, $"{discipline}-{101 + i}", Subjects[i % Subjects.Length], r.Pick(people), created);
            if (r.Chance(0.4))
            {
                sheet.Tags.Add(r.Chance(0.5) ? "coordination" : "issued");
            }

            SheetStore.Issue(project, sheet);
            if (r.Chance(markupChance))
            {
                var markup = new SheetMarkup(r.NextGuid(), r.Pick(Notes), r.Pick(people), clock.Next());
                sheet.PublishedMarkups.Add(markup);
                sheet.Touch(markup.By, markup.At);
            }
        }
    }

    /// <summary>A new sheet of <paramref name="set"/>, as a PDF upload split into pages makes one.</summary>
    public static EmulatedSheet NewSheet(DeterministicRandom r, EmulatedVersionSet set, string number, string title, SheetUser author, DateTimeOffset created)
    {
        var upload = r.NextGuid();
        return new EmulatedSheet(r.NextGuid(), set.ProjectGuid, set)
        {
            Number = number,
            Title = title,
            PaperSize = r.Chance(0.5) ? "A1 (594 x 841 mm)" : "A0 (841 x 1189 mm)",
            UploadId = upload,
            UploadFileName = $"{set.Name.Replace(' ', '_')}.pdf",
            ViewableUrn = "urn:adsk.wipprod:fs.file:vf." + upload.ToString("N") + "?version=1",
            ViewableGuid = r.NextGuid(),
            CreatedBy = author,
            CreatedAt = created,
            UpdatedBy = author,
            UpdatedAt = created,
        };
    }

    /// <summary>A number for the next sheet of a discipline in a project: one past the highest issued.</summary>
    public static string NextNumber(ProjectSheets project, string discipline) =>
        $"{discipline}-{101 + project.Sheets.Count(s => s.Number.StartsWith(discipline + "-", StringComparison.Ordinal)).ToString(CultureInfo.InvariantCulture)}";
}
