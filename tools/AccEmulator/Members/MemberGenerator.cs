using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Issues;

namespace AccEmulator.Members;

/// <summary>Seeds every project's members from a random stream of their own (no other seeded value moves): a few companies and
/// roles for the account; the demo's projects 6 and 4 members (one pending, one removed), seed-scaled 10–60 a project.</summary>
internal static class MemberGenerator
{
    private static readonly string[] FirstNames = ["Ana", "Ben", "Chloé", "Dev", "Eitan", "Fatima", "Greg", "Hana", "Ivan", "Jules", "Kofi", "Lena"];
    private static readonly string[] LastNames = ["Alvarez", "Brown", "Chen", "Dubois", "Eriksen", "Fischer", "García", "Hughes", "Ito", "Jensen", "Kowalski", "Lund"];
    private static readonly string[] Companies = ["Northwind Builders", "Contoso Engineering", "Fabrikam MEP", "Tailspin Architects"];
    private static readonly string[] RoleNames = ["Architect", "Project Engineer", "Project Manager", "Superintendent", "Subcontractor", "Owner"];

    public static MemberStore Build(EmulatedAccount account, EmulatorOptions options)
    {
        var store = new MemberStore(account);
        var shared = DeterministicRandom.For(options.Seed, "members/account");
        var companies = Companies.Select(name => new MemberCompany(shared.NextGuid(), name)).ToArray();
        var roles = RoleNames.Select(name => new MemberRole(shared.NextGuid(), name)).ToArray();
        var demo = options.Dataset == EmulatorDatasets.Demo;
        for (var p = 0; p < account.Projects.Count; p++)
        {
            var projectGuid = account.Projects[p].ProjectGuid;
            var members = store.AddProject(projectGuid);
            var r = DeterministicRandom.For(options.Seed, "members/" + projectGuid.ToString("D"));
            var clock = GenerationClock.Spread(r, 100, TimeSpan.FromDays(500));
            var count = demo ? (p == 0 ? 6 : 4) : r.Next(10, 61);
            for (var i = 0; i < count; i++)
            {
                var first = r.Pick(FirstNames);
                var last = r.Pick(LastNames);
                var added = clock.Next();
                var member = new EmulatedMember(r.NextGuid(), projectGuid)
                {
                    Email = $"{first.ToLowerInvariant()}.{last.ToLowerInvariant()}{i}@example.com",
                    FirstName = first,
                    LastName = last,
                    AutodeskId = IssueGenerator.UserId(r),
                    Company = r.Pick(companies),
                    Status = demo ? (i == count - 1 ? "deleted" : i == count - 2 ? "pending" : "active") : r.Chance(0.08) ? "deleted" : r.Chance(0.1) ? "pending" : "active",
                    JobTitle = r.Pick(RoleNames),
                    AddedOn = added,
                    UpdatedAt = added,
                    ProjectAdmin = i == 0,
                };
                member.Roles.Add(r.Pick(roles));
                if (r.Chance(0.3))
                {
                    member.Roles.Add(r.Pick(roles.Where(x => !member.Roles.Contains(x)).ToArray()));
                }

                members.Add(member);
            }
        }

        return store;
    }
}
