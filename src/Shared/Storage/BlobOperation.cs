namespace AccBackup.Storage;

/// <summary>What a request is about, for logs and error messages: the operation and the container or blob it targets.</summary>
internal readonly record struct BlobOperation(string Name, string Container, string? BlobName = null)
{
    /// <summary>The target as messages quote it: <c>'container/blob'</c> or <c>'container'</c>.</summary>
    public string Target => BlobName is null ? $"'{Container}'" : $"'{Container}/{BlobName}'";

    /// <inheritdoc />
    public override string ToString() => $"{Name} {Target}";
}
