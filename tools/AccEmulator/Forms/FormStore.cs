using AccEmulator.Accounts;

namespace AccEmulator.Forms;

/// <summary>Every project's forms and templates; reads and writes happen under the account's lock (PDFs are account objects).</summary>
internal sealed class FormStore(EmulatedAccount account)
{
    private readonly Dictionary<Guid, ProjectForms> _projects = [];

    public Lock SyncRoot => account.SyncRoot;

    public IEnumerable<ProjectForms> Projects => _projects.Values;

    /// <summary>The project's forms and templates; null for an unknown project.</summary>
    public ProjectForms? Find(Guid projectGuid) => _projects.GetValueOrDefault(projectGuid);

    public ProjectForms AddProject(Guid projectGuid) => _projects[projectGuid] = new ProjectForms(projectGuid);

    public EmulatedForm? FindForm(Guid formId) => _projects.Values.SelectMany(p => p.Forms).FirstOrDefault(f => f.Id == formId);

    /// <summary>Gives a form its PDF; the bytes become an OSS object the signed-download path serves.</summary>
    public void SetPdf(EmulatedForm form, FormPdf pdf)
    {
        form.Pdf = pdf;
        account.Objects.TryAdd(pdf.Storage.ObjectKey, pdf.Storage);
    }

    /// <summary>Gives a PDF template its blank PDF; the bytes become an OSS object the signed-download path serves.</summary>
    public void SetPdf(EmulatedFormTemplate template, FormPdf pdf)
    {
        template.Pdf = pdf;
        account.Objects.TryAdd(pdf.Storage.ObjectKey, pdf.Storage);
    }
}

/// <summary>One project's templates and forms (forms in number order).</summary>
internal sealed class ProjectForms(Guid projectGuid)
{
    public Guid ProjectGuid { get; } = projectGuid;

    public List<EmulatedFormTemplate> Templates { get; } = [];

    public List<EmulatedForm> Forms { get; } = [];

    /// <summary>The forms the API can list: every one but the discarded.</summary>
    public IEnumerable<EmulatedForm> Listable => Forms.Where(f => f.Status != "discarded");
}
