namespace AccBackup.Repository.Tests.Files;

/// <summary>A template's <c>fail(message)</c> reached while evaluating it: Resource Manager would stop the deployment with this message.</summary>
internal sealed class ArmDeploymentFailure(string message) : Exception(message);
