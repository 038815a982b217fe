using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Tests;

/// <summary>Keeps every log entry written through it: category, level, event id and the formatted message.</summary>
internal sealed class RecordingLoggerProvider : ILoggerProvider
{
    private readonly ConcurrentQueue<LogEntry> entries = new();

    public IReadOnlyList<LogEntry> Entries => [.. entries];

    public ILogger CreateLogger(string categoryName) => new Recorder(categoryName, entries);

    public void Dispose()
    {
    }

    private sealed class Recorder(string category, ConcurrentQueue<LogEntry> entries) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            entries.Enqueue(new LogEntry(category, logLevel, eventId.Id, formatter(state, exception)));
    }
}

/// <summary>One recorded log entry.</summary>
internal sealed record LogEntry(string Category, LogLevel Level, int EventId, string Message);
