namespace AccBackup.Tests.Infrastructure;

/// <summary>The reader behind the Bicep tests: what it takes for structure and what it skips.</summary>
public sealed class BicepObjectReaderTests
{
    [Fact]
    public void Read_PropertiesOfResource_ReturnsOnlyTopLevelKeys()
    {
        const string Bicep = """
            resource x 'config' = {
              name: 'appsettings'
              properties: {
                // A_Comment: 'not a key'
                Aps__ClientId: clientId
                Nested: {
                  Inner__Key: 'x'
                }
                'Quoted-Key': 'y' /* trailing */
              }
            }
            """;

        var entries = BicepObjectReader.Read(Bicep, "name: 'appsettings'", "properties");

        Assert.Equal(["Aps__ClientId", "Nested", "Quoted-Key"], entries.Keys.Order(StringComparer.Ordinal));
        Assert.Equal("clientId", entries["Aps__ClientId"]);
        Assert.Equal("'y'", entries["Quoted-Key"]);
    }

    [Fact]
    public void Read_BracesAndColonsInsideStrings_AreNotStructure()
    {
        const string Bicep = """
            var o = {
              A: '@Microsoft.KeyVault(SecretUri=${uri('{', 'x:y')})}'
              B: '''
            multi: { line
            '''
              C: 'it\'s: }'
            }
            """;

        var entries = BicepObjectReader.Read(Bicep, "var o =");

        Assert.Equal(["A", "B", "C"], entries.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Read_AnchorMissingOrRepeated_Throws()
    {
        Assert.Throws<FormatException>(() => BicepObjectReader.Read("var a = {}", "var b ="));
        Assert.Throws<FormatException>(() => BicepObjectReader.Read("var a = {}\nvar a = {}", "var a ="));
    }

    [Fact]
    public void Read_DuplicateKey_Throws()
    {
        Assert.Throws<FormatException>(() => BicepObjectReader.Read("var a = {\n  K: 1\n  K: 2\n}", "var a ="));
    }

    [Fact]
    public void ReadEach_SingleLineObjects_SplitsOnCommas()
    {
        var objects = BicepObjectReader.ReadEach("x = { a: 1, b: [1, 2] }\nx = { c: 'd,e' }", "x =");

        Assert.Equal(2, objects.Count);
        Assert.Equal("[1, 2]", objects[0]["b"]);
        Assert.Equal("'d,e'", objects[1]["c"]);
    }

    [Theory]
    [InlineData("var a = {\n  b: [1, 2\n}", "unexpected '}' on line 3")]
    [InlineData("var a = 'open", "Unterminated string")]
    [InlineData("var a = '${x'", "Unterminated")]
    [InlineData("var a = (1", "'(' on line 1 is never closed")]
    public void FindUnbalanced_BrokenText_NamesTheProblem(string text, string expected)
    {
        Assert.Contains(expected, BicepLexer.FindUnbalanced(text), StringComparison.Ordinal);
    }

    [Fact]
    public void FindUnbalanced_BracketsInStringsAndComments_AreIgnored()
    {
        Assert.Null(BicepLexer.FindUnbalanced("var a = { b: '}' } // ]\n/* ( */ var c = '''\n{\n'''"));
    }
}
