using Microsoft.Extensions.Logging;

namespace AccBackup.Storage;

/// <summary>The blob client's log messages. Fields are names, counts and codes: never keys, tokens, signatures or SAS.</summary>
internal static partial class Log
{
    [LoggerMessage(EventId = 1, Level = LogLevel.Information, Message = "Created blob container {Container}")]
    public static partial void ContainerCreated(ILogger logger, string container);

    [LoggerMessage(
        EventId = 2,
        Level = LogLevel.Warning,
        Message = "{Method} {Path} attempt {Attempt} failed with {Failure}; retrying")]
    public static partial void Retrying(
        ILogger logger, string method, string path, int attempt, string failure, Exception? exception);
}
