namespace AccEmulator.Accounts.Generation;

/// <summary>Words for plausible construction-project folder and file names.</summary>
internal static class Vocabulary
{
    public static readonly string[] ProjectNames =
    [
        "Harbor Point Tower", "Riverside Clinic", "North Campus Library", "Metro Line Depot", "Oakwood Residences",
        "Airport Terminal C", "Lakeside School", "Central Station Upgrade", "Data Center West", "Civic Arena",
        "Hillcrest Hospital", "Bayfront Offices", "Pine Street Lofts", "Logistics Hub East", "Science Park B2",
    ];

    public static readonly string[] FolderNames =
    [
        "Architecture", "Structural", "MEP", "Civil", "Landscape", "Submittals", "RFIs", "Photos", "Coordination",
        "Shop Drawings", "Specifications", "Contracts", "Permits", "Reports", "Markups", "Archive", "WIP", "Shared",
        "Published", "Level 01", "Level 02", "Level 03", "Basement", "Roof", "Zone A", "Zone B", "Facade", "Interiors",
        "Fire Protection", "Electrical", "Plumbing", "HVAC", "Surveys", "Geotech", "Schedules", "Meeting Minutes",
    ];

    public static readonly string[] Descriptors =
    [
        "Floor Plan", "Elevation", "Section", "Detail", "Schedule", "Layout", "Site Plan", "Reflected Ceiling Plan",
        "Riser Diagram", "Foundation Plan", "Framing Plan", "Specification", "Report", "Markup", "Model", "Survey",
    ];

    public static readonly string[] Disciplines = ["A", "S", "M", "E", "P", "C", "L", "FP", "G"];

    /// <summary>Extensions with relative weights, roughly as found in a real ACC account.</summary>
    public static readonly (string Extension, int Weight)[] Extensions =
    [
        ("pdf", 40), ("dwg", 18), ("rvt", 6), ("jpg", 12), ("png", 3), ("docx", 5), ("xlsx", 5), ("nwd", 3),
        ("ifc", 2), ("zip", 2), ("txt", 4),
    ];

    public static string FileName(DeterministicRandom random, string extension) =>
        $"{random.Pick(Disciplines)}-{random.Next(100, 999)} {random.Pick(Descriptors)}.{extension}";

    public static string Extension(DeterministicRandom random)
    {
        var total = Extensions.Sum(e => e.Weight);
        var roll = random.Next(total);
        foreach (var (extension, weight) in Extensions)
        {
            roll -= weight;
            if (roll < 0)
            {
                return extension;
            }
        }

        return "pdf";
    }
}
