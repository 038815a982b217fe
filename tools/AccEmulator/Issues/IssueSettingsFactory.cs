using AccEmulator.Accounts.Generation;

namespace AccEmulator.Issues;

/// <summary>The issue settings every generated project starts with: ACC's usual types, root causes and a few custom attributes.</summary>
internal static class IssueSettingsFactory
{
    public static IssueSettings Standard(DeterministicRandom random, string admin, DateTimeOffset time)
    {
        var types = IssueVocabulary.Types.Select((t, i) =>
        {
            var id = random.NextGuid();
            var subtypes = t.Subtypes.Select((s, j) => new IssueSubtype(random.NextGuid(), id, s, $"{t.Code}-{j + 1}", true, j)).ToArray();
            return new IssueType(id, t.Title, t.Code, IsActive: i < IssueVocabulary.Types.Length, i, admin, time, subtypes);
        }).ToArray();
        var causes = IssueVocabulary.RootCauses.Select(c =>
        {
            var id = random.NextGuid();
            return new RootCauseCategory(id, c.Title, true, c.Causes.Select(name => new RootCause(random.NextGuid(), id, name, true)).ToArray());
        }).ToArray();
        AttributeDefinition[] definitions =
        [
            new(random.NextGuid(), "Trade", "The trade responsible for the fix.", "list",
                IssueVocabulary.Trades.Select(t => new AttributeOption(random.NextGuid(), t)).ToArray(), admin, time),
            new(random.NextGuid(), "Cost impact (USD)", null, "numeric", [], admin, time),
            new(random.NextGuid(), "Reference", "Drawing or specification reference.", "text", [], admin, time),
        ];
        var order = 0;
        var mappings = definitions.SelectMany(d => types.Select(t => new AttributeMapping(random.NextGuid(), d.Id, t.Id, "issueType", order++))).ToArray();
        return new IssueSettings(types, causes, definitions, mappings);
    }
}
