namespace AccEmulator.Endpoints;

/// <summary>Marks an endpoint as an emulated APS endpoint: its category, and whether it needs a bearer token.</summary>
internal sealed record ApsEndpointMetadata(EndpointCategory Category, bool RequiresToken);

/// <summary>Registration helpers for emulated endpoints.</summary>
internal static class ApsEndpointExtensions
{
    public static RouteHandlerBuilder Aps(this RouteHandlerBuilder builder, EndpointCategory category, bool requiresToken = true) =>
        builder.WithMetadata(new ApsEndpointMetadata(category, requiresToken));
}
