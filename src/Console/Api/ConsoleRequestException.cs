namespace AccBackup.BackupConsole.Api;

/// <summary>A request the console cannot answer as asked: the HTTP status and a sentence naming what to change.</summary>
public sealed class ConsoleRequestException : Exception
{
    private ConsoleRequestException(int status, string? field, string message)
        : base(message)
    {
        Status = status;
        Field = field;
    }

    /// <summary>The HTTP status: 400 or 404.</summary>
    public int Status { get; }

    /// <summary>The query parameter to fix, when one is the reason.</summary>
    public string? Field { get; }

    /// <summary>400: <paramref name="field"/> is wrong.</summary>
    public static ConsoleRequestException BadRequest(string field, string message) => new(400, field, message);

    /// <summary>404: nothing kept matches.</summary>
    public static ConsoleRequestException NotFound(string message) => new(404, null, message);
}
