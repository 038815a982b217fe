using AccEmulator.Accounts;

namespace AccEmulator.Forms;

/// <summary>One form as the Forms API holds it; changed only under its store's lock.</summary>
internal sealed class EmulatedForm(Guid id, Guid projectGuid, EmulatedFormTemplate template, int number)
{
    public Guid Id { get; } = id;

    /// <summary>The project, a GUID without <c>b.</c>.</summary>
    public Guid ProjectGuid { get; } = projectGuid;

    public EmulatedFormTemplate Template { get; } = template;

    /// <summary>The number people see (<c>formNum</c>), unique in the project.</summary>
    public int Number { get; } = number;

    public required string Name { get; set; }

    /// <summary>inProgress, inReview, closed, archived or discarded (the API never lists a discarded form).</summary>
    public required string Status { get; set; }

    public string? PreviousStatus { get; set; }

    /// <summary>The last time the form entered each status: by whom and when.</summary>
    public Dictionary<string, (string By, DateTimeOffset At)> StatusChanges { get; } = new(StringComparer.Ordinal);

    public required DateOnly FormDate { get; init; }

    public DateOnly? DueDate { get; set; }

    public required string AssigneeId { get; set; }

    public Guid? LocationId { get; set; }

    public string Description { get; set; } = "";

    public string Notes { get; set; } = "";

    public required string CreatedBy { get; init; }

    public required DateTimeOffset CreatedAt { get; init; }

    public required string UpdatedBy { get; set; }

    public required DateTimeOffset UpdatedAt { get; set; }

    /// <summary>A web form's answered questions.</summary>
    public List<FormValue> Values { get; } = [];

    /// <summary>A web form's rows of its built-in tables (daily reports only).</summary>
    public List<FormTableRow> TableRows { get; } = [];

    /// <summary>A PDF form's PDF: an object the signed-download path serves; null for a web form.</summary>
    public FormPdf? Pdf { get; set; }

    /// <summary>A PDF form's values extracted from its smart fields.</summary>
    public List<(string Name, string Value)> PdfValues { get; } = [];

    /// <summary>Moves the form into <paramref name="status"/>, remembering the transition.</summary>
    public void MoveTo(string status, string user, DateTimeOffset time)
    {
        (PreviousStatus, Status) = (Status, status);
        StatusChanges[status] = (user, time);
    }

    /// <summary>Records a change by <paramref name="user"/> at <paramref name="time"/>.</summary>
    public void Touch(string user, DateTimeOffset time)
    {
        UpdatedBy = user;
        UpdatedAt = time;
    }
}

/// <summary>A form template: web (with questions, and the built-in tables when a daily report) or PDF.</summary>
/// <param name="Status">active or inactive (the forms of an inactive template are listed only with <c>include=inactiveFormTemplates</c>).</param>
internal sealed record EmulatedFormTemplate(Guid Id, Guid ProjectGuid, string Name, string TemplateType, bool IsPdf, string CreatedBy, DateTimeOffset CreatedAt)
{
    public string Status { get; set; } = "active";

    public DateTimeOffset UpdatedAt { get; set; } = CreatedAt;

    /// <summary>A PDF template's blank PDF (what a new form of it is filled on); null for a web template.</summary>
    public FormPdf? Pdf { get; set; }

    /// <summary>Whether its forms carry the built-in work log, materials and equipment tables.</summary>
    public bool HasBuiltInTables => TemplateType == "pg.template_type.daily_report";
}

/// <summary>An answer to one question of a web form.</summary>
internal sealed record FormValue(Guid Id, Guid FieldId, string ValueName, string Value, string? Notes, string UpdatedBy, DateTimeOffset UpdatedAt);

/// <summary>One row of a built-in table: its cells by column name (text or number).</summary>
internal sealed record FormTableRow(Guid Id, string Table, int Rank, IReadOnlyList<(string Column, string? Text, double? Number)> Cells, string UpdatedBy, DateTimeOffset UpdatedAt);

/// <summary>The PDF of a PDF form or a PDF template: its file id and name, its bytes an OSS object.</summary>
internal sealed record FormPdf(Guid FileId, string FileName, StorageObject Storage);
