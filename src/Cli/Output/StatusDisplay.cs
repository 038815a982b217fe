using AccBackup.Cli.Hosting;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>A one-line spinner with a counter on a terminal while a verify or restore works; nothing when output is redirected.</summary>
internal sealed class StatusDisplay<TProgress>(CliContext context, Func<TProgress, string> describe) : IProgress<TProgress>
    where TProgress : class
{
    private TProgress? latest;

    /// <inheritdoc />
    public void Report(TProgress value) => Volatile.Write(ref latest, value);

    /// <summary>Shows the status until <paramref name="work"/> ends, then returns its result.</summary>
    public async Task<T> ShowWhileAsync<T>(string starting, Task<T> work)
    {
        if (context.Interactive)
        {
            await context.Console.Status().StartAsync(starting, async status =>
            {
                while (!work.IsCompleted)
                {
                    await Task.WhenAny(work, Task.Delay(TimeSpan.FromMilliseconds(200), context.Time)).ConfigureAwait(false);
                    if (Volatile.Read(ref latest) is { } progress)
                    {
                        status.Status = Markup.Escape(describe(progress));
                    }
                }
            }).ConfigureAwait(false);
        }

        return await work.ConfigureAwait(false);
    }
}
