using AccEmulator.Accounts.Generation;

namespace AccEmulator.Forms;

/// <summary>Changes forms between (or during) runs, as people do in ACC: every change moves the form's <c>updatedAt</c>.</summary>
/// <remarks>An answer, a table row or a new PDF also moves its form's <c>updatedAt</c> here, which is what lets an incremental
/// backup find them (UNCONFIRMED against ACC). Unknown ids throw <see cref="KeyNotFoundException"/>.</remarks>
public sealed class FormMutator
{
    /// <summary>The user every mutation is made by.</summary>
    public const string User = "EMULATORUSR1";

    private readonly FormStore _store;
    private readonly long _seed;
    private readonly DeterministicRandom _ids;
    private readonly TimeProvider _clock;
    private readonly EmulatorOptions _options;

    internal FormMutator(FormStore store, EmulatorOptions options, TimeProvider clock)
    {
        _store = store;
        _seed = options.Seed;
        _options = options;
        _ids = DeterministicRandom.For(options.Seed, "forms/mutations");
        _clock = clock;
    }

    /// <summary>Creates a form of the project's template named <paramref name="templateName"/>, in progress; returns its id.</summary>
    /// <param name="projectId">The project, with or without <c>b.</c>.</param>
    public Guid Create(string projectId, string templateName)
    {
        lock (_store.SyncRoot)
        {
            var guid = Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
            var project = _store.Find(guid) ?? throw new KeyNotFoundException($"No project '{projectId}'.");
            var template = project.Templates.FirstOrDefault(t => t.Name == templateName) ?? throw new KeyNotFoundException($"No template '{templateName}'.");
            var form = FormGenerator.Add(_store, project, template, _ids, _clock.GetUtcNow(), [User], _options, demo: true);
            form.Touch(User, _clock.GetUtcNow());
            return form.Id;
        }
    }

    /// <summary>Moves a form into <paramref name="status"/> (inProgress, inReview, closed, archived; discarded hides it from the API).</summary>
    public void SetStatus(Guid formId, string status) => Change(formId, form => form.MoveTo(status, User, _clock.GetUtcNow()));

    /// <summary>Answers (or answers again) the question <paramref name="question"/> of a web form.</summary>
    public void Answer(Guid formId, string question, string text) => Change(formId, form =>
    {
        form.Values.RemoveAll(v => v.FieldId == FormGenerator.FieldId(question));
        form.Values.Add(new FormValue(_ids.NextGuid(), FormGenerator.FieldId(question), "textVal", text, null, User, _clock.GetUtcNow()));
    });

    /// <summary>Adds a row to a built-in table of a daily report.</summary>
    public void AddTableRow(Guid formId, string table, string text, double number) => Change(formId, form =>
        form.TableRows.Add(FormGenerator.NewRow(_ids, table, form.TableRows.Count + 1, text, number, User, _clock.GetUtcNow())));

    /// <summary>Replaces a PDF form's PDF with a newly filled one of <paramref name="length"/> bytes (new bytes, a new file id).</summary>
    public void ReplacePdf(Guid formId, long length) => Change(formId, form =>
        _store.SetPdf(form, FormGenerator.NewPdf(_seed, _ids, form.Pdf?.FileName ?? throw new InvalidOperationException($"Form '{formId}' is not a PDF form."), length)));

    /// <summary>Replaces a PDF template's blank PDF with a new one of <paramref name="length"/> bytes (new bytes, a new file id,
    /// a new <c>updatedAt</c>).</summary>
    public void ReplaceTemplatePdf(Guid templateId, long length) => ChangeTemplate(templateId, template =>
        _store.SetPdf(template, FormGenerator.NewPdf(_seed, _ids, template.Pdf?.FileName ?? throw new InvalidOperationException($"Template '{templateId}' is not a PDF template."), length)));

    /// <summary>Makes a template inactive (its forms are then listed only with <c>include=inactiveFormTemplates</c>) or active again.</summary>
    public void SetTemplateActive(Guid templateId, bool active) => ChangeTemplate(templateId, template => template.Status = active ? "active" : "inactive");

    private void ChangeTemplate(Guid templateId, Action<EmulatedFormTemplate> change)
    {
        lock (_store.SyncRoot)
        {
            var template = _store.Projects.SelectMany(p => p.Templates).FirstOrDefault(t => t.Id == templateId)
                ?? throw new KeyNotFoundException($"Template '{templateId}' not found.");
            change(template);
            template.UpdatedAt = _clock.GetUtcNow();
        }
    }

    private void Change(Guid formId, Action<EmulatedForm> change)
    {
        lock (_store.SyncRoot)
        {
            var form = _store.FindForm(formId) ?? throw new KeyNotFoundException($"Form '{formId}' not found.");
            change(form);
            form.Touch(User, _clock.GetUtcNow());
        }
    }
}
