namespace AccEmulator.Uploads;

/// <summary>An object key handed out by <c>POST …/storage</c>: where the file is meant to go, and who asked.</summary>
/// <param name="ProjectId">The project the storage was created in.</param>
/// <param name="FolderId">The target folder named in the request.</param>
/// <param name="Name">The file name the storage was created for.</param>
internal sealed record StorageReservation(string ProjectId, string FolderId, string Name);
