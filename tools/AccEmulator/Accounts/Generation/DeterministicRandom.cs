using System.Text;

namespace AccEmulator.Accounts.Generation;

/// <summary>A SplitMix64 generator: the same seed gives the same sequence on every runtime and platform.</summary>
/// <remarks>
/// System.Random is avoided on purpose: its seeded algorithm is an implementation detail of the BCL,
/// and everything the emulator generates (trees, ids, bytes, fault decisions) must replay across versions.
/// </remarks>
internal sealed class DeterministicRandom(ulong seed)
{
    private const ulong Golden = 0x9E3779B97F4A7C15;

    private ulong _state = seed;

    /// <summary>Creates a generator for a named purpose, independent of the others drawn from the same seed.</summary>
    public static DeterministicRandom For(long seed, string purpose) => new(Mix(unchecked((ulong)seed) ^ StableHash(purpose)));

    /// <summary>The SplitMix64 finaliser: a fast, well-mixed bijection of 64-bit words.</summary>
    public static ulong Mix(ulong z)
    {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
        return z ^ (z >> 31);
    }

    /// <summary>FNV-1a over the UTF-8 bytes, then mixed: stable across processes, unlike string.GetHashCode.</summary>
    public static ulong StableHash(string text)
    {
        var hash = 0xCBF29CE484222325UL;
        foreach (var b in Encoding.UTF8.GetBytes(text))
        {
            hash = (hash ^ b) * 0x100000001B3UL;
        }

        return Mix(hash);
    }

    /// <summary>Maps a 64-bit word to [0, 1) with 53 bits of precision.</summary>
    public static double ToUnit(ulong value) => (value >> 11) * (1.0 / (1UL << 53));

    public ulong NextUInt64()
    {
        _state += Golden;
        return Mix(_state);
    }

    public double NextDouble() => ToUnit(NextUInt64());

    public int Next(int maxExclusive) => (int)(NextDouble() * maxExclusive);

    public int Next(int minInclusive, int maxExclusive) => minInclusive + Next(maxExclusive - minInclusive);

    public bool Chance(double probability) => NextDouble() < probability;

    public T Pick<T>(IReadOnlyList<T> choices) => choices[Next(choices.Count)];

    /// <summary>A standard normal deviate (Box–Muller).</summary>
    public double NextGaussian()
    {
        var u1 = 1.0 - NextDouble();
        var u2 = NextDouble();
        return Math.Sqrt(-2.0 * Math.Log(u1)) * Math.Cos(2.0 * Math.PI * u2);
    }

    /// <summary>A version-4-shaped GUID drawn from this sequence.</summary>
    public Guid NextGuid()
    {
        Span<byte> bytes = stackalloc byte[16];
        NextBytes(bytes);
        bytes[7] = (byte)((bytes[7] & 0x0F) | 0x40);
        bytes[8] = (byte)((bytes[8] & 0x3F) | 0x80);
        return new Guid(bytes);
    }

    /// <summary>22 URL-safe base64 characters from 16 random bytes, the shape of APS id suffixes.</summary>
    public string NextUrlToken()
    {
        Span<byte> bytes = stackalloc byte[16];
        NextBytes(bytes);
        return Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');
    }

    public void NextBytes(Span<byte> destination)
    {
        for (var i = 0; i < destination.Length; i++)
        {
            destination[i] = (byte)NextUInt64();
        }
    }
}
