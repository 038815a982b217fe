namespace AccBackup.Repository.Tests.Files;

/// <summary>Fails a test with every problem found, each on its own line and in full.</summary>
internal static class Problems
{
    /// <summary>Passes when <paramref name="problems"/> is empty; otherwise fails listing them all.</summary>
    public static void AssertNone(IEnumerable<string> problems)
    {
        var list = problems.ToList();
        if (list.Count > 0)
        {
            Assert.Fail(string.Join(Environment.NewLine, list));
        }
    }
}
