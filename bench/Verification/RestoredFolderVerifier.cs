using System.Collections.Concurrent;
using System.Security.Cryptography;
using AccEmulator.Control;

namespace AccBackup.Bench.Verification;

/// <summary>Checks a restored folder against the emulator's truth: every file with storage is there, as a file of the truth's
/// length and SHA-256 (matched by content: a restored file's name is its versioned blob name), and nothing else is.</summary>
internal static class RestoredFolderVerifier
{
    private const int ParallelReads = 4;
    private const int ProblemsKept = 5;

    public static async Task<VerificationResult> VerifyAsync(string folder, IReadOnlyList<TruthFile> truth, CancellationToken cancellationToken)
    {
        var restored = new ConcurrentDictionary<(long Length, string Sha256), int>();
        long bytes = 0, hashed = 0;
        var files = Directory.GetFiles(folder, "*", SearchOption.AllDirectories);
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = ParallelReads, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(files, parallel, async (path, ct) =>
        {
            var stream = new FileStream(path, new FileStreamOptions { Mode = FileMode.Open, Access = FileAccess.Read, Options = FileOptions.Asynchronous | FileOptions.SequentialScan });
            await using (stream)
            {
                var sha = Convert.ToHexStringLower(await SHA256.HashDataAsync(stream, ct));
                restored.AddOrUpdate((stream.Length, sha), 1, (_, n) => n + 1);
                Interlocked.Add(ref bytes, stream.Length);
                Interlocked.Increment(ref hashed);
            }
        });

        var problems = new List<string>();
        long missing = 0;
        var expected = truth.Where(f => f.HasStorage).ToList();
        foreach (var file in expected)
        {
            var key = (file.ServedLength ?? 0, file.Sha256 ?? "");
            if (restored.TryGetValue(key, out var count) && count > 0)
            {
                restored[key] = count - 1;
            }
            else
            {
                missing++;
                problems.Add($"not restored: {file.Path} ({file.ServedLength} bytes, sha256 {file.Sha256})");
            }
        }

        // Files left over: a .partial, or bytes no file of the truth has.
        var extra = restored.Values.Sum();
        if (extra > 0)
        {
            problems.Add($"{extra} restored files match no file of the truth");
        }

        return new VerificationResult(missing == 0 && extra == 0 && expected.Count > 0, expected.Count, missing, extra, hashed, bytes, [.. problems.Take(ProblemsKept)]);
    }
}
