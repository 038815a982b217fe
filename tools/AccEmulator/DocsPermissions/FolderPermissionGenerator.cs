using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Members;

namespace AccEmulator.DocsPermissions;

/// <summary>Seeds every project's folder permissions from a random stream of their own (no other seeded value moves), after its
/// members: each top folder gives two of the project's roles, one company and two members their levels; one sub-folder in
/// seven (the demo's first sub-folder of each top folder) restricts or widens one subject's access.</summary>
internal static class FolderPermissionGenerator
{
    public static FolderPermissionStore Build(EmulatedAccount account, MemberStore members, EmulatorOptions options)
    {
        var store = new FolderPermissionStore(account);
        var demo = options.Dataset == EmulatorDatasets.Demo;
        foreach (var project in account.Projects)
        {
            var r = DeterministicRandom.For(options.Seed, "permissions/" + project.ProjectGuid.ToString("D"));
            var people = (members.Find(project.ProjectGuid) ?? []).Where(m => m.Status != "deleted").ToList();
            if (people.Count == 0)
            {
                continue;
            }

            var subjects = Subjects(people);
            foreach (var top in project.TopFolders)
            {
                foreach (var subject in Pick(r, subjects.Where(s => s.SubjectType == "ROLE").ToList(), 2)
                    .Concat(Pick(r, subjects.Where(s => s.SubjectType == "COMPANY").ToList(), 1))
                    .Concat(Pick(r, subjects.Where(s => s.SubjectType == "USER").ToList(), 2)))
                {
                    store.Set(top.Id, subject, r.Pick(FolderPermissionLevels.All));
                }

                foreach (var (sub, index) in Below(top).Select((f, i) => (f, i)))
                {
                    if (demo ? index == 0 : r.Chance(1.0 / 7))
                    {
                        store.Set(sub.Id, r.Pick(subjects), r.Pick(FolderPermissionLevels.All));
                    }
                }
            }
        }

        return store;
    }

    private static List<FolderSubject> Subjects(List<EmulatedMember> people)
    {
        var subjects = people.Select(m => new FolderSubject(m.AutodeskId, m.AutodeskId, m.Name, m.Email, m.ProjectAdmin ? "PROJECT_ADMIN" : "PROJECT_MEMBER", "USER",
            m.Status == "pending" ? "PENDING" : "ACTIVE")).ToList();
        subjects.AddRange(people.SelectMany(m => m.Roles).DistinctBy(r => r.Id).OrderBy(r => r.Name, StringComparer.Ordinal)
            .Select(r => new FolderSubject(r.Id.ToString("D"), null, r.Name, null, null, "ROLE", "ACTIVE")));
        subjects.AddRange(people.Select(m => m.Company).DistinctBy(c => c.Id).OrderBy(c => c.Name, StringComparer.Ordinal)
            .Select(c => new FolderSubject(c.Id.ToString("D"), null, c.Name, null, null, "COMPANY", "ACTIVE")));
        return subjects;
    }

    private static IEnumerable<FolderSubject> Pick(DeterministicRandom r, List<FolderSubject> from, int count)
    {
        var left = from.ToList();
        for (var i = 0; i < count && left.Count > 0; i++)
        {
            var pick = r.Pick(left);
            left.Remove(pick);
            yield return pick;
        }
    }

    private static IEnumerable<EmulatedFolder> Below(EmulatedFolder folder)
    {
        foreach (var sub in folder.Folders)
        {
            yield return sub;
            foreach (var deeper in Below(sub))
            {
                yield return deeper;
            }
        }
    }
}
