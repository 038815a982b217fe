using System.ComponentModel.DataAnnotations;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>How to reach Autodesk Platform Services (APS) and how hard to drive it.</summary>
public sealed class ApsOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Aps";

    /// <summary>APS base URL. Default: https://developer.api.autodesk.com/.</summary>
    [Required]
    public Uri BaseUrl { get; set; } = new("https://developer.api.autodesk.com/");

    /// <summary>Client id of the APS app (added under Custom Integrations by an account admin).</summary>
    [Required(AllowEmptyStrings = false)]
    public string ClientId { get; set; } = string.Empty;

    /// <summary>Client secret of the APS app. Never logged.</summary>
    [Required(AllowEmptyStrings = false)]
    public string ClientSecret { get; set; } = string.Empty;

    /// <summary>ACC/BIM 360 account id: the hub id without its "b." prefix (a GUID).</summary>
    [Required(AllowEmptyStrings = false)]
    public string AccountId { get; set; } = string.Empty;

    /// <summary>Space-separated OAuth scopes. Default: data:read.</summary>
    [Required(AllowEmptyStrings = false)]
    public string Scopes { get; set; } = "data:read";

    /// <summary>Lifetime asked for signed download URLs, 1–60 minutes. Default: 10.</summary>
    [Range(1, 60)]
    public int SignedUrlMinutes { get; set; } = 10;

    /// <summary>Client-side pacing to APS's documented quotas (<c>Aps:Quota:*</c>).</summary>
    [ValidateObjectMembers]
    public ApsQuotaOptions Quota { get; set; } = new();

    /// <summary>How long and how often one APS request is retried through throttling and outages (<c>Aps:Retry:*</c>).</summary>
    [ValidateObjectMembers]
    public ApsRetryOptions Retry { get; set; } = new();

    /// <summary>Timeout of one attempt of one APS request. Default: 00:01:00.</summary>
    [Range(typeof(TimeSpan), "00:00:01", "00:30:00")]
    public TimeSpan AttemptTimeout { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>The hub id APS uses for the account ("b." + AccountId).</summary>
    public string HubId => AccountId.StartsWith("b.", StringComparison.Ordinal) ? AccountId : "b." + AccountId;
}
