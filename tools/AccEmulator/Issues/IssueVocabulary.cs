namespace AccEmulator.Issues;

/// <summary>Words generated issues are made of: titles, places, comments, statuses and the standard settings' names.</summary>
internal static class IssueVocabulary
{
    public static readonly string[] Problems =
    [
        "Crack in slab", "Missing fire stopping", "Damaged drywall", "Exposed rebar", "Leaking pipe joint",
        "Incorrect door hardware", "Unsecured scaffold", "Missing guardrail", "Paint touch-up needed", "Stained ceiling tile",
        "Misaligned curtain wall panel", "Loose handrail", "Duct clashes with beam", "Sprinkler head obstructed", "Trip hazard",
    ];

    public static readonly string[] Places =
    [
        "at grid C4", "in Level 2 corridor", "in stair 3", "at roof parapet", "in plant room", "at loading dock",
        "in unit 1204", "at east elevation", "in basement car park", "at main entrance",
    ];

    public static readonly string[] Comments =
    [
        "Subcontractor notified, fix scheduled for Monday.", "Photo attached of the current condition.",
        "Checked on site: still open.", "Fixed, please review.", "Not our scope — passing to the MEP contractor.",
        "Agreed at the coordination meeting; closing after inspection.", "Needs a design answer before work can continue.",
    ];

    /// <summary>Statuses with their weights: most issues in a live project are open or closed.</summary>
    public static readonly (string Status, double Weight)[] Statuses =
    [
        ("open", 0.35), ("closed", 0.3), ("in_progress", 0.1), ("completed", 0.1), ("pending", 0.05),
        ("in_review", 0.04), ("draft", 0.03), ("not_approved", 0.02), ("in_dispute", 0.01),
    ];

    public static readonly (string Title, string Code, string[] Subtypes)[] Types =
    [
        ("Quality", "QUA", ["Defect", "Observation"]),
        ("Safety", "SAF", ["Hazard", "Near miss"]),
        ("Punch list", "PUN", ["Punch item"]),
        ("Design", "DES", ["Clash", "Coordination"]),
    ];

    public static readonly (string Title, string[] Causes)[] RootCauses =
    [
        ("Design", ["Design error", "Design change"]),
        ("Workmanship", ["Poor workmanship", "Incorrect installation"]),
        ("Material", ["Damaged material", "Wrong material delivered"]),
    ];

    public static readonly string[] Trades = ["Concrete", "Electrical", "Mechanical", "Plumbing", "Drywall", "Façade"];

    public static readonly string[] Locations = ["Level 1 / Zone A", "Level 2 / Zone B", "Roof", "Basement / Car park"];

    public static string PickStatus(Accounts.Generation.DeterministicRandom random)
    {
        var roll = random.NextDouble();
        foreach (var (status, weight) in Statuses)
        {
            if ((roll -= weight) < 0)
            {
                return status;
            }
        }

        return Statuses[0].Status;
    }
}
