using System.Globalization;
using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;

namespace AccEmulator.CustomAttributes;

/// <summary>Seeds custom attributes from a random stream of their own (no other seeded value moves): each project's first top folder
/// defines a discipline drop-down, a status code and an issue date, one of its sub-folders a package name; about a third of the
/// file versions below (half in the demo) carry one or two values.</summary>
internal static class AttributeGenerator
{
    private static readonly string[] Disciplines = ["Architectural", "Structural", "Mechanical", "Electrical", "Plumbing", "Civil"];
    private static readonly string[] StatusCodes = ["S0", "S1", "S2", "S3", "S4", "A1", "A2"];

    public static AttributeStore Build(EmulatedAccount account, EmulatorOptions options)
    {
        var store = new AttributeStore(account);
        var demo = options.Dataset == EmulatorDatasets.Demo;
        foreach (var project in account.Projects)
        {
            if (project.TopFolders.Count == 0)
            {
                continue;
            }

            var r = DeterministicRandom.For(options.Seed, "attributes/" + project.ProjectGuid.ToString("D"));
            var top = project.TopFolders[0];
            var discipline = store.Define(top.Id, "Discipline", "array", Disciplines);
            var status = store.Define(top.Id, "Status Code", "string", []);
            var issued = store.Define(top.Id, "Issue Date", "date", []);
            if (top.Folders.Count > 0)
            {
                store.Define(r.Pick(top.Folders).Id, "Package", "string", []);
            }

            foreach (var item in Below(top).SelectMany(f => f.Items).Where(i => !i.Deleted))
            {
                if (!r.Chance(demo ? 0.5 : 0.33))
                {
                    continue;
                }

                var tip = item.Tip;
                store.SetValue(tip.Id, discipline.Id, r.Pick(Disciplines));
                if (r.Chance(0.5))
                {
                    store.SetValue(tip.Id, r.Chance(0.5) ? status.Id : issued.Id, r.Chance(0.5)
                        ? r.Pick(StatusCodes)
                        : tip.CreateTime.UtcDateTime.ToString("yyyy-MM-dd'T'00:00:00.000'Z'", CultureInfo.InvariantCulture));
                }
            }
        }

        return store;
    }

    private static IEnumerable<EmulatedFolder> Below(EmulatedFolder folder)
    {
        yield return folder;
        foreach (var sub in folder.Folders)
        {
            foreach (var deeper in Below(sub))
            {
                yield return deeper;
            }
        }
    }
}
