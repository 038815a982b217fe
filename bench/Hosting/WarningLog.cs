using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace AccBackup.Bench.Hosting;

/// <summary>Counts the product's warnings and errors and keeps the first few, so the report can say what went wrong.</summary>
internal sealed class WarningLog : ILoggerProvider
{
    private const int Kept = 10;

    private readonly ConcurrentQueue<string> first = new();
    private int count;

    /// <summary>Warnings and errors logged so far.</summary>
    public int Count => Volatile.Read(ref count);

    /// <summary>The first lines logged.</summary>
    public IReadOnlyList<string> First => [.. first];

    /// <summary>Forgets what was logged (at the start of a variant).</summary>
    public void Reset()
    {
        first.Clear();
        Interlocked.Exchange(ref count, 0);
    }

    /// <inheritdoc />
    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    /// <inheritdoc />
    public void Dispose()
    {
    }

    private void Add(string line)
    {
        if (Interlocked.Increment(ref count) <= Kept)
        {
            first.Enqueue(line);
        }
    }

    private sealed class Logger(WarningLog owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                owner.Add($"{logLevel} {category}: {formatter(state, exception)}");
            }
        }
    }
}
