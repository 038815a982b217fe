namespace AccEmulator.Accounts.Generation;

/// <summary>Which generated files are reserved (checked out), chosen without drawing from the accounts' random streams.</summary>
/// <remarks>
/// Reserving changes no bytes, names or times, so the datasets' contents (and every figure measured on them) stay as they
/// were; the choice is a pure function of the item id, hence the same for every run with the same seed.
/// </remarks>
internal static class Reservations
{
    public const string UserId = "EMU4RSV9KQPX";
    public const string UserName = "Site Engineer";

    /// <summary>About one file in <see cref="ScaledOneIn"/> of a scaled account is reserved.</summary>
    public const int ScaledOneIn = 150;

    /// <summary>Reserves the file an hour after its tip was uploaded.</summary>
    public static void Reserve(EmulatedItem item) =>
        item.Reservation = new ItemReservation(item.LastModifiedTime + TimeSpan.FromHours(1), UserId, UserName);

    /// <summary>Reserves roughly one live file in <see cref="ScaledOneIn"/>, picked by a stable hash of its id.</summary>
    public static void ReserveSome(EmulatedAccount account)
    {
        foreach (var item in account.Items.Values)
        {
            if (!item.Deleted && DeterministicRandom.StableHash(item.Id) % ScaledOneIn == 0)
            {
                Reserve(item);
            }
        }
    }
}
