namespace AccEmulator.Writes;

/// <summary>A write Data Management refuses: the status and JSON:API error code to answer with.</summary>
internal sealed class WriteRejectedException(int status, string code, string detail) : Exception(detail)
{
    public int Status { get; } = status;

    public string Code { get; } = code;

    public static WriteRejectedException BadInput(string detail) => new(StatusCodes.Status400BadRequest, "BAD_INPUT", detail);

    public static WriteRejectedException Forbidden(string detail) => new(StatusCodes.Status403Forbidden, "BIM360DM_ERROR", detail);

    public static WriteRejectedException NotFound(string detail) => new(StatusCodes.Status404NotFound, "NOT_FOUND", detail);

    public static WriteRejectedException Conflict(string detail) => new(StatusCodes.Status409Conflict, "CONFLICT", detail);
}
