using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Content;
using AccEmulator.Issues;

namespace AccEmulator.Forms;

/// <summary>Seeds every project's form templates and forms from a random stream of their own (no other seeded value moves): the
/// demo's first project 9 forms and its second 3 (daily reports with table rows, safety checklists, PDF permits of a PDF template
/// with its blank PDF, one archived, one of an inactive template, one discarded the API never lists), seed-scaled 10–90 forms a
/// project.</summary>
internal static class FormGenerator
{
    public static readonly string[] Tables = ["worklogEntries", "materialsEntries", "equipmentEntries"];

    private static readonly (string Name, string Type, bool Pdf)[] Templates =
    [
        ("Daily Report", "pg.template_type.daily_report", false),
        ("Safety Inspection", "pg.template_type.safety", false),
        ("Permit to Work", "pg.template_type.safety", true),
        ("Concrete Pour Checklist", "pg.template_type.quality", false),
    ];

    // The demo's forms by template (4 is the inactive one): daily report, checklist, permit, pour, and again.
    private static readonly int[] DemoTemplates = [0, 1, 2, 3, 0, 1, 4, 2, 3];

    private static readonly string[] Questions = ["Was everyone wearing PPE?", "Weather conditions", "Deliveries received", "Hazards observed", "Area cleaned up"];
    private static readonly string[] Answers = ["Yes", "Sunny, 18 °C", "Rebar, 12 t", "Open edge on level 4", "No", "Overcast"];
    private static readonly string[] Trades = ["Concrete", "Steel", "Electrical", "Plumbing", "Drywall"];

    public static FormStore Build(EmulatedAccount account, EmulatorOptions options)
    {
        var store = new FormStore(account);
        var users = DeterministicRandom.For(options.Seed, "forms/users");
        var people = Enumerable.Range(0, 6).Select(_ => IssueGenerator.UserId(users)).ToArray();
        var demo = options.Dataset == EmulatorDatasets.Demo;
        for (var p = 0; p < account.Projects.Count; p++)
        {
            var projectGuid = account.Projects[p].ProjectGuid;
            var project = store.AddProject(projectGuid);
            var r = DeterministicRandom.For(options.Seed, "forms/" + projectGuid.ToString("D"));
            var clock = GenerationClock.Spread(r, 400, TimeSpan.FromDays(600));
            foreach (var (name, type, pdf) in Templates)
            {
                project.Templates.Add(new EmulatedFormTemplate(r.NextGuid(), projectGuid, name, type, pdf, r.Pick(people), GenerationClock.Start));
            }

            // The PDF templates' blank PDFs draw from a stream of their own, so adding them moved no form.
            var blanks = DeterministicRandom.For(options.Seed, "forms/template-pdfs/" + projectGuid.ToString("D"));
            foreach (var template in project.Templates.Where(t => t.IsPdf))
            {
                var length = demo ? blanks.Next(20_000, 120_000) : (long)Math.Max(1, blanks.Next(50_000, 1_000_000) / options.SizeDivisor);
                store.SetPdf(template, NewPdf(options.Seed, blanks, template.Name + ".pdf", length));
            }

            // An old template retired from use: its forms stay, listed only on request.
            var retired = new EmulatedFormTemplate(r.NextGuid(), projectGuid, "Site Diary (old)", "pg.template_type.daily_report", false, r.Pick(people), GenerationClock.Start) { Status = "inactive" };
            project.Templates.Add(retired);
            var count = demo ? p switch { 0 => 9, 1 => 3, _ => 0 } : r.Next(10, 91);
            for (var i = 0; i < count; i++)
            {
                var template = demo ? project.Templates[DemoTemplates[i]] : r.Chance(0.05) ? retired : r.Pick(project.Templates.Take(Templates.Length).ToList());
                var form = Add(store, project, template, r, clock.Next(), people, options, demo);
                var status = demo ? i switch { 1 => "inReview", 2 or 3 => "closed", 5 => "archived", 8 => "discarded", _ => "inProgress" }
                    : r.Pick((string[])["inProgress", "inReview", "closed", "closed", "closed", "archived", "discarded"]);
                if (status != form.Status)
                {
                    form.MoveTo(status, r.Pick(people), form.UpdatedAt.AddHours(r.Next(1, 48)));
                    form.Touch(form.StatusChanges[status].By, form.StatusChanges[status].At);
                }
            }
        }

        return store;
    }

    /// <summary>A PDF whose bytes are generated from the seed and its object key, like any file's.</summary>
    public static FormPdf NewPdf(long seed, DeterministicRandom ids, string fileName, long length)
    {
        var fileId = ids.NextGuid();
        var objectKey = fileId.ToString("D") + ".pdf";
        return new FormPdf(fileId, fileName, new StorageObject(objectKey, length, ContentGenerator.KeyFor(seed, objectKey)));
    }

    /// <summary>A new form of <paramref name="template"/>, in progress: a web form with answers (and table rows when a daily
    /// report), or a PDF form with its PDF and extracted values.</summary>
    public static EmulatedForm Add(FormStore store, ProjectForms project, EmulatedFormTemplate template, DeterministicRandom r, DateTimeOffset created, string[] people,
        EmulatorOptions options, bool demo)
    {
        var author = r.Pick(people);
        var form = new EmulatedForm(r.NextGuid(), project.ProjectGuid, template, project.Forms.Count == 0 ? 1 : project.Forms.Max(f => f.Number) + 1)
        {
            Name = template.Name,
            Status = "inProgress",
            FormDate = DateOnly.FromDateTime(created.UtcDateTime),
            DueDate = r.Chance(0.5) ? DateOnly.FromDateTime(created.UtcDateTime.AddDays(r.Next(1, 14))) : null,
            AssigneeId = r.Pick(people),
            LocationId = r.Chance(0.4) ? r.NextGuid() : null,
            Description = r.Chance(0.5) ? $"Level {r.Next(1, 9)}" : "",
            CreatedBy = author,
            CreatedAt = created,
            UpdatedBy = author,
            UpdatedAt = created,
        };
        form.StatusChanges["inProgress"] = (author, created);
        project.Forms.Add(form);
        var time = created;
        if (template.IsPdf)
        {
            var length = demo ? r.Next(20_000, 300_000) : (long)Math.Max(1, r.Next(100_000, 2_000_000) / options.SizeDivisor);
            store.SetPdf(form, NewPdf(options.Seed, r, $"Permit-{form.Number:D4}.pdf", length));
            form.PdfValues.Add(("PermitNumber", $"PTW-{r.Next(100, 999)}"));
            form.PdfValues.Add(("Contractor", r.Pick(Trades)));
            return form;
        }

        foreach (var question in Questions.Where(_ => demo || r.Chance(0.7)))
        {
            time = time.AddMinutes(r.Next(1, 90));
            form.Values.Add(new FormValue(r.NextGuid(), FieldId(question), "textVal", r.Pick(Answers), r.Chance(0.2) ? "Checked on site." : null, r.Pick(people), time));
        }

        if (template.HasBuiltInTables)
        {
            for (var n = demo ? 2 : r.Next(0, 6); n > 0; n--)
            {
                time = time.AddMinutes(r.Next(1, 90));
                form.TableRows.Add(NewRow(r, "worklogEntries", form.TableRows.Count + 1, r.Pick(Trades), r.Next(1, 20), r.Pick(people), time));
            }

            if (demo || r.Chance(0.5))
            {
                time = time.AddMinutes(r.Next(1, 90));
                form.TableRows.Add(NewRow(r, "materialsEntries", form.TableRows.Count + 1, "Ready-mix C30", r.Next(5, 60), r.Pick(people), time));
            }
        }

        form.Touch(r.Pick(people), time);
        return form;
    }

    /// <summary>A table row with a text and a number cell (the columns each built-in table's first two are).</summary>
    public static FormTableRow NewRow(DeterministicRandom ids, string table, int rank, string text, double number, string user, DateTimeOffset time) =>
        new(ids.NextGuid(), table, rank, table switch
        {
            "worklogEntries" => [("trade", text, null), ("headcount", null, number)],
            "materialsEntries" => [("item", text, null), ("quantity", null, number)],
            _ => [("item", text, null), ("hours", null, number)],
        }, user, time);

    /// <summary>A question's field id: stable per question text, as one layout's fields are.</summary>
    public static Guid FieldId(string question) => DeterministicRandom.For(0, "forms/field/" + question).NextGuid();
}
