using System.Text.Json;

namespace AccBackup.Tests.Samples;

/// <summary>Reads a committed sample of something a run persists (a blob, an orchestration's input) as an earlier build wrote it:
/// renaming a member must never make an old night unreadable.</summary>
internal static class Sample
{
    /// <summary>The sample <paramref name="fileName"/> of this folder, parsed.</summary>
    public static JsonElement Read(string fileName) =>
        JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Samples", fileName))).RootElement.Clone();
}
