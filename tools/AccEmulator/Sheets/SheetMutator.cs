using AccEmulator.Accounts.Generation;
using AccEmulator.Issues;

namespace AccEmulator.Sheets;

/// <summary>Changes to the Sheets tool between two backups, as people make them: a new version set issued, a sheet renamed,
/// deleted, or marked up. Publishing a markup moves the sheet's <c>updatedAt</c> (an emulator rule: how ACC reports a new
/// markup on the sheet record is not documented).</summary>
public sealed class SheetMutator
{
    private readonly SheetStore _store;
    private readonly DeterministicRandom _random;
    private readonly TimeProvider _clock;
    private readonly SheetUser _user = new("SHEETEDITOR1", "Sheet Editor");

    internal SheetMutator(SheetStore store, long seed, TimeProvider clock)
    {
        _store = store;
        _random = DeterministicRandom.For(seed, "sheets/mutations");
        _clock = clock;
    }

    /// <summary>Issues a new ungrouped version set of <paramref name="count"/> sheets in a project (GUID, with or without <c>b.</c>); returns its id.</summary>
    public Guid AddVersionSet(string projectId, string name, int count)
    {
        lock (_store.SyncRoot)
        {
            var project = Project(projectId);
            var now = _clock.GetUtcNow();
            var set = new EmulatedVersionSet(_random.NextGuid(), project.ProjectGuid, name, DateOnly.FromDateTime(now.UtcDateTime), null)
            {
                CreatedBy = _user, CreatedAt = now, UpdatedBy = _user, UpdatedAt = now,
            };
            project.VersionSets.Add(set);
            for (var i = 0; i < count; i++)
            {
                SheetStore.Issue(project, SheetGenerator.NewSheet(_random, set, SheetGenerator.NextNumber(project, "X"), $"Added sheet {i + 1}", _user, now));
            }

            return set.Id;
        }
    }

    /// <summary>Renames a sheet.</summary>
    public void RenameSheet(Guid sheetId, string title) => Change(sheetId, sheet => sheet.Title = title);

    /// <summary>Deletes a sheet (it moves to the <c>isDeleted=true</c> listing).</summary>
    public void DeleteSheet(Guid sheetId) => Change(sheetId, sheet =>
    {
        sheet.DeletedAt = _clock.GetUtcNow();
        sheet.DeletedBy = _user;
    });

    /// <summary>Publishes a markup on a sheet: the PDF of its version set changes.</summary>
    public void AddMarkup(Guid sheetId, string text) => Change(sheetId, sheet => sheet.PublishedMarkups.Add(new SheetMarkup(_random.NextGuid(), text, _user, _clock.GetUtcNow())));

    /// <summary>Activates or deactivates the Sheets tool on a project.</summary>
    public void SetActivated(string projectId, bool activated)
    {
        lock (_store.SyncRoot)
        {
            Project(projectId).Activated = activated;
        }
    }

    private void Change(Guid sheetId, Action<EmulatedSheet> change)
    {
        lock (_store.SyncRoot)
        {
            var sheet = _store.FindSheet(sheetId) ?? throw new KeyNotFoundException($"Sheet '{sheetId}' not found.");
            change(sheet);
            sheet.Touch(_user, _clock.GetUtcNow());
        }
    }

    private ProjectSheets Project(string projectId) =>
        _store.Find(Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId))
        ?? throw new KeyNotFoundException($"Project '{projectId}' not found.");
}
