namespace AccEmulator.Accounts.Generation;

/// <summary>
/// The "demo" account: three small projects holding every edge case a backup must survive
/// (paging past 200, Plans sheets, 0 bytes, C4R, illegal and unicode names, deep paths, hidden, size drift, &gt; 2 GiB).
/// </summary>
internal static class DemoDataset
{
    /// <summary>Size of the optional large file: over 2^31, so an <c>int</c> size overflows.</summary>
    public const long LargeFileBytes = 2_684_354_560;

    public const int BigFolderFiles = 230;

    /// <summary>The bytes the API over-reports for <c>drift.bin</c>.</summary>
    public const long DriftBytes = 517;

    /// <summary>Files a user has checked out: a document, a Revit cloud model and a spreadsheet in another project.</summary>
    public static readonly string[] ReservedFiles = ["Specifications.docx", "Tower-STR.rvt", "Budget.xlsx"];

    public static EmulatedAccount Build(EmulatorOptions options)
    {
        var random = DeterministicRandom.For(options.Seed, "demo");
        var account = new EmulatedAccount(random.NextGuid(), "Demo Construction Co", "US");
        var builder = new AccountBuilder(account, options.Seed, "demo");
        var clock = GenerationClock.Spread(random, 400, TimeSpan.FromDays(700));
        var context = new DemoContext(builder, clock, random);

        BuildTower(context, options);
        BuildHospital(context);
        var empty = builder.AddProject("Demo Empty", "ACC", clock.Next());
        builder.AddFolder(empty.Root, "Project Files", clock.Next());
        builder.AddFolder(empty.Root, "Plans", clock.Next());
        foreach (var item in account.Items.Values.Where(i => ReservedFiles.Contains(i.DisplayName)))
        {
            Reservations.Reserve(item);
        }

        return account;
    }

    private static void BuildTower(DemoContext c, EmulatorOptions options)
    {
        var project = c.Builder.AddProject("Demo Tower", "ACC", c.Clock.Next());
        var files = c.Folder(project.Root, "Project Files");
        var plans = c.Folder(project.Root, "Plans");

        var architecture = c.Folder(files, "Architecture");
        c.Files(architecture, ["A-101 Floor Plan.pdf", "A-201 Elevations.dwg", "Specifications.docx", "Site photo.jpg"], versions: 3);
        c.Files(architecture, ["Door Schedule.xlsx", "Coordination.nwd", "Model export.ifc"], versions: 1);

        var big = c.Folder(architecture, "Big Folder");
        for (var zone = 1; zone <= 5; zone++)
        {
            c.Files(c.Folder(big, $"Zone {zone:00}"), [$"Zone {zone:00} notes.txt", $"Zone {zone:00} plan.pdf"], versions: 1);
        }

        for (var sheet = 1; sheet <= BigFolderFiles; sheet++)
        {
            c.Builder.AddItem(big, $"Sheet-{sheet:0000}.pdf", ItemKind.File, c.Random.Next(200, 8_000), c.Clock.Next());
        }

        var structure = c.Folder(files, "Structure");
        c.Files(structure, ["S-100 Foundation Plan.pdf", "S-300 Framing.dwg"], versions: 2);
        c.Builder.AddItem(structure, "Tower-STR.rvt", ItemKind.C4RModel, c.Size(), c.Clock.Next());

        BuildEdgeCases(c, c.Folder(files, "Edge Cases"));

        var deep = c.Folder(files, "Deep");
        for (var level = 1; level <= 12; level++)
        {
            deep = c.Folder(deep, $"Level {level:00}");
        }

        c.Files(deep, ["deep file.txt", "long name " + new string('x', 226) + ".txt"], versions: 1);

        foreach (var sheet in new[] { "A-101 - Level 1 Plan", "A-102 - Level 2 Plan", "S-201 - Sections" })
        {
            c.Builder.AddItem(plans, sheet, ItemKind.Document, 0, c.Clock.Next());
        }

        if (options.LargeFile || options.ExtraLargeFileBytes is not null)
        {
            var large = c.Folder(files, "Large");
            if (options.LargeFile)
            {
                c.Builder.AddItem(large, "large-2.5GiB.bin", ItemKind.File, LargeFileBytes, c.Clock.Next());
            }

            if (options.ExtraLargeFileBytes is { } extra)
            {
                c.Builder.AddItem(large, "large-extra.bin", ItemKind.File, extra, c.Clock.Next());
            }
        }
    }

    private static void BuildEdgeCases(DemoContext c, EmulatedFolder edge)
    {
        c.Builder.AddItem(edge, "empty.txt", ItemKind.File, 0, c.Clock.Next());
        c.Builder.AddItem(edge, "Tower Central.rvt", ItemKind.C4RModel, c.Size(), c.Clock.Next());
        c.Files(edge,
        [
            "bad <>:\"|?* name.txt", "slash / and back \\ slash.txt", "ünïcödé — 日本語 ✓ 🏗.pdf", "cafe\u0301 menu.txt",
            "trailing dot.", "trailing space.txt ", "control\u0007char.txt", "CON.txt",
        ], versions: 1);
        c.Builder.AddItem(edge, "hidden note.txt", ItemKind.File, c.Size(), c.Clock.Next(), hidden: true);
        c.Builder.AddItem(edge, "drift.bin", ItemKind.File, 10_000, c.Clock.Next(), reportedSize: 10_000 + DriftBytes);
        c.Files(c.Folder(edge, "Odd: \"folder\" <1>. "), ["inside.txt"], versions: 1);
    }

    private static void BuildHospital(DemoContext c)
    {
        var project = c.Builder.AddProject("Demo Hospital", "BIM360", c.Clock.Next());
        var files = c.Folder(project.Root, "Project Files");
        var plans = c.Folder(project.Root, "Plans");
        c.Files(c.Folder(files, "Contracts"), ["Main contract.pdf", "Addendum 1.pdf", "Addendum 2.pdf", "Budget.xlsx"], versions: 1);
        var drawings = c.Folder(files, "Drawings");
        c.Files(drawings, ["M-101 HVAC Layout.dwg", "E-201 Lighting.dwg", "P-301 Plumbing Riser.pdf", "A-501 Details.pdf"], versions: 2);
        c.Files(c.Folder(drawings, "Superseded"), ["M-101 HVAC Layout (old).dwg", "E-201 Lighting (old).dwg"], versions: 1);
        c.Files(c.Folder(files, "Photos"), ["Site 01.jpg", "Site 02.jpg", "Site 03.jpg", "Crane.png"], versions: 1);
        c.Builder.AddItem(plans, "M-101 - HVAC Plan", ItemKind.Document, 0, c.Clock.Next());
    }

    /// <summary>The builder, clock and random stream one demo build shares.</summary>
    private sealed record DemoContext(AccountBuilder Builder, GenerationClock Clock, DeterministicRandom Random)
    {
        public long Size() => SizeDistribution.Demo.Next(Random);

        public EmulatedFolder Folder(EmulatedFolder parent, string name) => Builder.AddFolder(parent, name, Clock.Next());

        public void Files(EmulatedFolder folder, IEnumerable<string> names, int versions)
        {
            foreach (var name in names)
            {
                var item = Builder.AddItem(folder, name, ItemKind.File, Size(), Clock.Next());
                for (var v = 2; v <= versions; v++)
                {
                    Builder.AddVersion(item, name, Size(), Clock.Next());
                }
            }
        }
    }
}
