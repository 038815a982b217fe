using AccEmulator.Endpoints.JsonApi;

namespace AccEmulator.Tests.Endpoints.Shapes;

[Trait("Category", "Unit")]
public sealed class ApiLinksTests
{
    [Theory]
    [InlineData("urn:adsk.wipprod:fs.folder:co.AbC-d_1", "urn:adsk.wipprod:fs.folder:co.AbC-d_1")]
    [InlineData("urn:adsk.wipprod:fs.file:vf.X?version=1", "urn:adsk.wipprod:fs.file:vf.X%3Fversion=1")]
    [InlineData("folders:autodesk.bim360:Folder", "folders:autodesk.bim360:Folder")]
    [InlineData("a/b c#é", "a%2Fb%20c%23%C3%A9")]
    public void Encode_Id_EscapesOnlyWhatAPathSegmentCannotHold(string id, string expected)
    {
        // Act
        var encoded = ApiLinks.Encode(id);

        // Assert
        Assert.Equal(expected, encoded);
    }
}
