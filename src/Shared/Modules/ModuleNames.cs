namespace AccBackup.Modules;

/// <summary>The names <c>Backup:Modules</c> takes: the parts of a project's record a run can keep.</summary>
public static class ModuleNames
{
    /// <summary>The Docs files (always kept: the backup's core).</summary>
    public const string Files = "files";

    /// <summary>ACC Issues (needs the Secure Service Account: <c>Issues:ServiceAccountId</c>, <c>Issues:KeyId</c>, <c>Issues:PrivateKey</c>).</summary>
    public const string Issues = "issues";

    /// <summary>ACC Sheets: collections, version sets, every sheet (deleted ones too) and each version set's PDF with published
    /// markups (the app's own token).</summary>
    public const string Sheets = "sheets";

    /// <summary>Who is on each project: members with their roles, company and access (removed ones too), from the Admin API
    /// (the app's own token). Part of who may see what, with <see cref="Permissions"/> and <see cref="Attributes"/>.</summary>
    public const string Members = "members";

    /// <summary>ACC RFIs (v3): every RFI (hidden and void ones too) with its responses, comments and attachments of all four
    /// types (needs the Secure Service Account, like <see cref="Issues"/>).</summary>
    public const string Rfis = "rfis";

    /// <summary>ACC Forms (v2): every form the API lists (archived ones and those of inactive templates too) with its values and
    /// table rows, or its PDF values and PDF; the templates (needs the Secure Service Account, like <see cref="Issues"/>).</summary>
    public const string Forms = "forms";

    /// <summary>Each Docs folder's permissions (users, roles and companies with their actions), read for the folders the run's
    /// file listing found (the app's own token).</summary>
    public const string Permissions = "permissions";

    /// <summary>Docs custom attributes: each folder's attribute definitions and each listed version's values
    /// (<c>versions:batch-get</c>; the app's own token).</summary>
    public const string Attributes = "attributes";

    /// <summary>ACC Photos: every photo and video with its metadata and bytes, and what links each to an issue, RFI or form
    /// (Relationships API; needs the Secure Service Account, like <see cref="Issues"/>).</summary>
    public const string Photos = "photos";

    /// <summary>Every name, in the order a run reads them.</summary>
    public static IReadOnlyList<string> Known { get; } = [Files, Issues, Sheets, Members, Rfis, Forms, Photos, Permissions, Attributes];

    /// <summary>The modules that read what the run's file listing found (its folders and versions, never listed twice): a project's
    /// export of them starts once that project's listings are done.</summary>
    public static IReadOnlyList<string> ReadListedTree { get; } = [Permissions, Attributes];

    /// <summary>The modules whose APIs need a user: they read with the Secure Service Account (<c>Issues:ServiceAccountId</c>,
    /// <c>Issues:KeyId</c>, <c>Issues:PrivateKey</c>) and are kept only when it is set.</summary>
    public static IReadOnlyList<string> NeedServiceAccount { get; } = [Issues, Rfis, Forms, Photos];
}
