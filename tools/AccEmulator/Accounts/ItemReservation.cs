namespace AccEmulator.Accounts;

/// <summary>A file checked out (reserved) in ACC by a user: others can read it but not upload a new version.</summary>
/// <param name="Time">When it was reserved.</param>
/// <param name="UserId">The reserving user's Autodesk id.</param>
/// <param name="UserName">The reserving user's name.</param>
internal sealed record ItemReservation(DateTimeOffset Time, string UserId, string UserName);
