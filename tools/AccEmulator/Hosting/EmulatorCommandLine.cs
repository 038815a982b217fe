using System.Globalization;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;

namespace AccEmulator.Hosting;

/// <summary>What the command line asked for: an emulator to run, or a throughput measurement.</summary>
internal sealed record EmulatorCommand(EmulatorOptions Options, long? MeasureBytes);

/// <summary>Parses the standalone emulator's arguments.</summary>
internal static class EmulatorCommandLine
{
    public const long DefaultMeasureBytes = 4L << 30;

    public const string Usage = """
        usage: AccEmulator [--port 5080] [--dataset demo|seed-scaled] [--seed N] [--scale X]
                           [--client-id ID] [--client-secret SECRET] [--no-quotas] [--large-file]
                           [--size-divisor X] [--extra-large-file BYTES] [--page-links-number-only] [--measure [BYTES]]
                           [--page-links-relative] [--omit-storage-size]
                           [--server-copy CONNECTION_STRING [--server-copy-container NAME] [--server-copy-upload-at-start]]
        """;

    public static bool TryParse(string[] args, out EmulatorCommand command, out string? error)
    {
        var options = new EmulatorOptions { Port = 5080 };
        long? measure = null;
        command = new EmulatorCommand(options, null);
        error = null;
        for (var i = 0; i < args.Length; i++)
        {
            string Value() => i + 1 < args.Length ? args[++i] : throw new FormatException($"{args[i]} needs a value.");
            if (args[i] == "--measure")
            {
                // The byte count is optional: take the next argument only if it is a number.
                measure = DefaultMeasureBytes;
                if (i + 1 < args.Length && long.TryParse(args[i + 1], NumberStyles.None, CultureInfo.InvariantCulture, out var bytes))
                {
                    measure = bytes;
                    i++;
                }

                continue;
            }

            try
            {
                options = args[i] switch
                {
                    "--port" => options with { Port = int.Parse(Value(), CultureInfo.InvariantCulture) },
                    "--dataset" => options with { Dataset = Value() },
                    "--seed" => options with { Seed = long.Parse(Value(), CultureInfo.InvariantCulture) },
                    "--scale" => options with { Scale = double.Parse(Value(), CultureInfo.InvariantCulture) },
                    "--size-divisor" => options with { SizeDivisor = double.Parse(Value(), CultureInfo.InvariantCulture) },
                    "--client-id" => options with { ClientId = Value() },
                    "--client-secret" => options with { ClientSecret = Value() },
                    "--no-quotas" => options with { Quotas = QuotaOptions.Disabled },
                    "--large-file" => options with { LargeFile = true },
                    "--page-links-number-only" => options with { PageLinkQuery = PageLinkQuery.PageNumberOnly },
                    "--page-links-relative" => options with { RelativePageLinks = true },
                    "--omit-storage-size" => options with { OmitStorageSize = true },
                    "--server-copy" => options with { ServerCopy = new ServerCopy.ServerCopyOptions { ConnectionString = Value() } },
                    "--server-copy-container" => options with { ServerCopy = ServerCopyOrThrow(options, "--server-copy-container") with { Container = Value() } },
                    "--server-copy-upload-at-start" => options with { ServerCopy = ServerCopyOrThrow(options, "--server-copy-upload-at-start") with { UploadAtStart = true } },
                    "--extra-large-file" => options with { ExtraLargeFileBytes = long.Parse(Value(), CultureInfo.InvariantCulture) },
                    _ => throw new FormatException($"Unknown argument '{args[i]}'."),
                };
            }
            catch (FormatException e)
            {
                error = e.Message;
                return false;
            }
        }

        if (options.Dataset is not (EmulatorDatasets.Demo or EmulatorDatasets.SeedScaled))
        {
            error = $"Unknown dataset '{options.Dataset}'.";
            return false;
        }

        command = new EmulatorCommand(options, measure);
        return true;
    }

    private static ServerCopy.ServerCopyOptions ServerCopyOrThrow(EmulatorOptions options, string argument) =>
        options.ServerCopy ?? throw new FormatException($"{argument} needs --server-copy before it.");
}
