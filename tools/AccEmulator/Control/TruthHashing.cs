namespace AccEmulator.Control;

/// <summary>Which truth files get a SHA-256.</summary>
public enum TruthHashing
{
    /// <summary>None: fastest.</summary>
    None,

    /// <summary>Files up to <see cref="EmulatorOptions.TruthHashMaxBytes"/> (the default).</summary>
    UpToLimit,

    /// <summary>Every file, even multi-GB ones.</summary>
    All,
}
