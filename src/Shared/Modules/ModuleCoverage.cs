using System.Net;
using AccBackup.Acc;
using AccBackup.Manifest;

namespace AccBackup.Modules;

/// <summary>Why a module could not be read, from what APS answered: the one place refusals become coverage reasons.</summary>
/// <remarks>APS answers 403 for all three refusals; the message tells them apart ("not a member of project", "not activated").
/// Anything else refused (401/403) is a missing permission.</remarks>
public static class ModuleCoverage
{
    /// <summary>The gap a refusal means; null when <paramref name="error"/> is not a refusal (retrying may help).</summary>
    public static ModuleCoverageGap? Refusal(ModuleExportInput input, Exception error)
    {
        ArgumentNullException.ThrowIfNull(input);
        return error switch
        {
            ApsAuthenticationException or ApsRequestException { Status: HttpStatusCode.Forbidden or HttpStatusCode.Unauthorized } =>
                Gap(input.ProjectId, input.ProjectName, input.Module, Classify(error.Message), error.Message),
            _ => null,
        };
    }

    /// <summary>The gap of a failure after retries (an outage, a fault): the next run reads the module again.</summary>
    public static ModuleCoverageGap Failure(ModuleExportInput input, string message)
    {
        ArgumentNullException.ThrowIfNull(input);
        return Gap(input.ProjectId, input.ProjectName, input.Module, ModuleGapReason.Failed, message);
    }

    /// <summary>The reason a refusal's message gives.</summary>
    public static ModuleGapReason Classify(string message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return message.Contains("not a member", StringComparison.OrdinalIgnoreCase) ? ModuleGapReason.NotMember
            : message.Contains("not activated", StringComparison.OrdinalIgnoreCase) ? ModuleGapReason.NotActivated
            : ModuleGapReason.LacksPermission;
    }

    private static ModuleCoverageGap Gap(string projectId, string projectName, string module, ModuleGapReason reason, string detail) =>
        new(projectId, projectName, module, reason, detail);
}
