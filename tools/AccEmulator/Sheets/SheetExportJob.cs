using AccEmulator.Accounts;

namespace AccEmulator.Sheets;

/// <summary>One <c>POST exports</c>: the PDF rendered when it was asked (as ACC renders the sheets as they were), served once
/// the job has been polled <see cref="PollsLeft"/> more times, through a signed URL valid for an hour.</summary>
internal sealed class SheetExportJob(Guid id, StorageObject pdf, int pollsLeft)
{
    public Guid Id { get; } = id;

    /// <summary>The rendered PDF, an object the signed download serves.</summary>
    public StorageObject Pdf { get; } = pdf;

    /// <summary>How many more polls answer <c>processing</c>.</summary>
    public int PollsLeft { get; set; } = pollsLeft;
}
