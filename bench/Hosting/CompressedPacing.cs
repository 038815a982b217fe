using AccBackup.Acc;
using AccBackup.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace AccBackup.Bench.Hosting;

/// <summary>
/// The product's own APS pacing (<see cref="ApsQuotaLimiter"/>), run k times faster: each window is Aps:Quota:Window ÷ k
/// and allows as many calls as a real window does, so the counts (burst, calls per window) stay the real ones and every
/// wait shrinks k-fold, like the emulator's quota windows.
/// </summary>
/// <remarks>
/// Settings cannot say this: Aps:Quota:Window scales the per-window limit with the window (the per-minute rate stays),
/// and Aps:Quota:Share is validated to at most 1. The limiter is built here from the bound options with the window ÷ k
/// and the share × k, which is the same limit per window at k times the rate, and the margin in time ÷ k.
/// </remarks>
internal static class CompressedPacing
{
    /// <summary>Replaces the registered limiter with the compressed one when <paramref name="k"/> is more than 1.</summary>
    public static void Apply(IServiceCollection services, double k)
    {
        if (k <= 1)
        {
            return;
        }

        services.Replace(ServiceDescriptor.Singleton(provider =>
        {
            var bound = provider.GetRequiredService<IOptions<ApsOptions>>().Value;
            var compressed = new ApsOptions
            {
                Quota =
                {
                    Enabled = bound.Quota.Enabled,
                    Scope = bound.Quota.Scope,
                    Window = bound.Quota.Window / k,
                    Share = bound.Quota.Share * k,
                    WindowMargin = bound.Quota.WindowMargin / k,
                },
            };
            return new ApsQuotaLimiter(Options.Create(compressed), provider.GetRequiredService<TimeProvider>());
        }));
    }
}
