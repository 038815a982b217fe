using Microsoft.Extensions.Logging;

namespace AccBackup.Cli.Hosting;

/// <summary>Log lines to the tool's error writer, one per entry: "warn AccBackup.Storage.BlobContainer: message".</summary>
/// <remarks>The engine's messages carry names, counts and codes only (never secrets), so they can be shown as they are.</remarks>
internal sealed class WriterLoggerProvider(TextWriter writer, LogLevel minimum) : ILoggerProvider
{
    private readonly Lock gate = new();

    private LogLevel Minimum => minimum;

    public ILogger CreateLogger(string categoryName) => new WriterLogger(this, categoryName);

    public void Dispose()
    {
    }

    private void Write(LogLevel level, string category, string message, Exception? exception)
    {
        var label = level switch
        {
            LogLevel.Trace => "trce",
            LogLevel.Debug => "dbug",
            LogLevel.Information => "info",
            LogLevel.Warning => "warn",
            LogLevel.Error => "fail",
            _ => "crit",
        };
        lock (gate)
        {
            writer.WriteLine($"{label} {category}: {message}");
            if (exception is not null && Minimum <= LogLevel.Debug)
            {
                writer.WriteLine(exception);
            }
        }
    }

    private sealed class WriterLogger(WriterLoggerProvider owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel != LogLevel.None && logLevel >= owner.Minimum;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                owner.Write(logLevel, category, formatter(state, exception), exception);
            }
        }
    }
}
