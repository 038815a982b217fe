namespace AccEmulator.CustomAttributes;

/// <summary>A Docs custom attribute defined on a folder (and every folder below it).</summary>
/// <param name="Type"><c>string</c>, <c>date</c> or <c>array</c> (a drop-down of <paramref name="ArrayValues"/>).</param>
public sealed record AttributeDefinition(int Id, string Name, string Type, IReadOnlyList<string> ArrayValues);
