namespace AccEmulator.Accounts.Generation;

/// <summary>
/// The "seed-scaled" account: the real account's shape (11,737 folders, 40,230 files, ≈3.4 files per folder,
/// log-normal sizes with mean 2.5 MB) multiplied by a scale factor.
/// </summary>
internal static class ScaledDataset
{
    public const int FoldersAtScaleOne = 11_737;
    public const int FilesAtScaleOne = 40_230;
    private const int ProjectsAtScaleOne = 48;
    private const int MaxDepth = 9;

    public static EmulatedAccount Build(EmulatorOptions options)
    {
        var random = DeterministicRandom.For(options.Seed, "seed-scaled");
        var account = new EmulatedAccount(random.NextGuid(), "Scaled Construction Co", "US");
        var builder = new AccountBuilder(account, options.Seed, "seed-scaled");

        var folders = Math.Max(2, (int)Math.Round(FoldersAtScaleOne * options.Scale));
        var files = Math.Max(1, (int)Math.Round(FilesAtScaleOne * options.Scale));
        var projects = Math.Clamp(options.Projects ?? (int)Math.Round(ProjectsAtScaleOne * options.Scale), 1, folders / 2);

        for (var p = 0; p < projects; p++)
        {
            var name = Vocabulary.ProjectNames[p % Vocabulary.ProjectNames.Length]
                + (p >= Vocabulary.ProjectNames.Length ? $" {(p / Vocabulary.ProjectNames.Length) + 1}" : "");
            var share = new ProjectShare(Split(folders, projects, p), Split(files, projects, p));
            // Each project's history spans the whole period, as projects in a real account run side by side.
            var clock = GenerationClock.Spread(random, (int)((share.Folders + share.Files) * 1.3), TimeSpan.FromDays(700));
            var project = builder.AddProject(name, random.Chance(0.7) ? "ACC" : "BIM360", clock.Next());
            BuildProject(new ProjectContext(builder, clock, random, options.SizeDivisor), project, share);
        }

        Reservations.ReserveSome(account);
        return account;
    }

    private static int Split(int total, int parts, int index) => (total / parts) + (index < total % parts ? 1 : 0);

    private static void BuildProject(ProjectContext c, EmulatedProject project, ProjectShare share)
    {
        var projectFiles = c.Builder.AddFolder(project.Root, "Project Files", c.Clock.Next());
        var plans = c.Builder.AddFolder(project.Root, "Plans", c.Clock.Next());

        // A random recursive tree under Project Files, depth-capped; each folder gets a log-normal weight so files
        // cluster the way they do in real projects (many near-empty folders, a few crowded ones).
        var tree = new List<(EmulatedFolder Folder, int Depth, double Weight)> { (projectFiles, 1, 1.0) };
        for (var i = 2; i < share.Folders; i++)
        {
            var (parent, depth, _) = PickParent(c.Random, tree);
            var name = UniqueName(parent.Folders.Select(f => f.Name), c.Random.Pick(Vocabulary.FolderNames));
            var folder = c.Builder.AddFolder(parent, name, c.Clock.Next());
            tree.Add((folder, depth + 1, Math.Exp(c.Random.NextGaussian())));
        }

        var cumulative = new double[tree.Count];
        var sum = 0.0;
        for (var i = 0; i < tree.Count; i++)
        {
            cumulative[i] = sum += tree[i].Weight;
        }

        for (var f = 0; f < share.Files; f++)
        {
            if (c.Random.Chance(0.03))
            {
                var sheet = UniqueName(plans.Items.Select(i => i.DisplayName), $"{c.Random.Pick(Vocabulary.Disciplines)}-{c.Random.Next(100, 999)} - {c.Random.Pick(Vocabulary.Descriptors)}");
                c.Builder.AddItem(plans, sheet, ItemKind.Document, 0, c.Clock.Next());
                continue;
            }

            var index = Array.BinarySearch(cumulative, c.Random.NextDouble() * sum);
            var folder = tree[index < 0 ? Math.Min(~index, tree.Count - 1) : index].Folder;
            AddFile(c, folder);
        }
    }

    private static void AddFile(ProjectContext c, EmulatedFolder folder)
    {
        var extension = Vocabulary.Extension(c.Random);
        var name = UniqueName(folder.Items.Select(i => i.DisplayName), Vocabulary.FileName(c.Random, extension));
        var kind = extension == "rvt" && c.Random.Chance(0.5) ? ItemKind.C4RModel : ItemKind.File;
        var sizes = SizeDistribution.Account;
        var item = c.Builder.AddItem(folder, name, kind, c.Size(sizes.Next(c.Random)), c.Clock.Next(), hidden: c.Random.Chance(0.005));
        if (c.Random.Chance(0.2))
        {
            for (var v = c.Random.Next(1, 4); v > 0; v--)
            {
                c.Builder.AddVersion(item, name, c.Size(sizes.Next(c.Random)), c.Clock.Next());
            }
        }
    }

    private static (EmulatedFolder Folder, int Depth, double Weight) PickParent(
        DeterministicRandom random, List<(EmulatedFolder Folder, int Depth, double Weight)> tree)
    {
        while (true)
        {
            var candidate = tree[random.Next(tree.Count)];
            if (candidate.Depth < MaxDepth)
            {
                return candidate;
            }
        }
    }

    /// <summary>ACC keeps names unique within a folder; a clash gets a numeric suffix before the extension.</summary>
    private static string UniqueName(IEnumerable<string> existing, string name)
    {
        var taken = existing.ToHashSet(StringComparer.OrdinalIgnoreCase);
        if (!taken.Contains(name))
        {
            return name;
        }

        var dot = name.LastIndexOf('.');
        var (stem, extension) = dot > 0 ? (name[..dot], name[dot..]) : (name, "");
        for (var n = 2; ; n++)
        {
            var candidate = $"{stem} ({n}){extension}";
            if (!taken.Contains(candidate))
            {
                return candidate;
            }
        }
    }

    private sealed record ProjectShare(int Folders, int Files);

    private sealed record ProjectContext(AccountBuilder Builder, GenerationClock Clock, DeterministicRandom Random, double SizeDivisor)
    {
        // Drawn first, divided after: the random sequence (tree, names, versions) is the same whatever the divisor.
        public long Size(long drawn) => SizeDivisor == 1.0 ? drawn : Math.Max(1, (long)(drawn / SizeDivisor));
    }
}
