using System.ComponentModel.DataAnnotations;

namespace AccBackup.AccRestore;

/// <summary>How a restore into ACC writes: who it acts as and how much it does at once (section <c>Restore</c>).</summary>
public sealed class AccRestoreOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Restore";

    /// <summary>The ACC user the writes act as (two-legged token with <c>x-user-id</c>): the user needs upload (and create, edit
    /// for folders) rights on the target folders. Default: none.</summary>
    public string? UserId { get; set; }

    /// <summary>Whether the writes act as the Secure Service Account of <c>Issues:*</c> instead. Default: false.</summary>
    public bool UseServiceAccount { get; set; }

    /// <summary>Bytes per upload part (S3 takes 5 MiB or more, except the last part), 5 MiB–1 GiB. Default: 8 MiB.</summary>
    [Range(5 << 20, 1 << 30, ErrorMessage = "Restore:PartSizeBytes must be between 5242880 (5 MiB) and 1073741824 (1 GiB).")]
    public int PartSizeBytes { get; set; } = 8 << 20;

    /// <summary>Files written at once; of them, uploads at once are also bounded by <c>Copy:BufferBudgetBytes</c> ÷ part size. Default: 16.</summary>
    [Range(1, 64, ErrorMessage = "Restore:FilesInParallel must be between 1 and 64.")]
    public int FilesInParallel { get; set; } = 16;

    /// <summary>The memory the upload buffers may take together: the backup's <c>Copy:BufferBudgetBytes</c> (96 MiB unless set), not a setting of its own.</summary>
    public long BufferBudgetBytes { get; internal set; } = 96L << 20;

    /// <summary>Uploads at once: <see cref="FilesInParallel"/>, fewer when the buffer budget holds fewer parts.</summary>
    public int UploadsInParallel => (int)Math.Clamp(BufferBudgetBytes / PartSizeBytes, 1, FilesInParallel);
}
