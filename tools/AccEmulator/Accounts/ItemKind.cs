namespace AccEmulator.Accounts;

/// <summary>The BIM 360 / ACC item types the emulator serves.</summary>
internal enum ItemKind
{
    /// <summary>An uploaded file (<c>items:autodesk.bim360:File</c>).</summary>
    File,

    /// <summary>A Plans sheet (<c>items:autodesk.bim360:Document</c>): no storage, not downloadable.</summary>
    Document,

    /// <summary>A Revit cloud model (<c>items:autodesk.bim360:C4RModel</c>): has storage.</summary>
    C4RModel,
}
