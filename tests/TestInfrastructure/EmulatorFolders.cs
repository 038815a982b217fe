using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using AccEmulator;

namespace AccBackup.Testing;

/// <summary>What a project member does to folders in the emulated ACC, through its public API.</summary>
public static class EmulatorFolders
{
    /// <summary>Deletes a folder as ACC's UI does: <c>PATCH …/folders/{id}</c> with <c>hidden: true</c>, as the app.</summary>
    public static async Task HideAsync(EmulatorServer emulator, string projectId, string folderId)
    {
        ArgumentNullException.ThrowIfNull(emulator);
        using var http = new HttpClient { BaseAddress = emulator.BaseUrl };
        using var tokenRequest = new HttpRequestMessage(HttpMethod.Post, "authentication/v2/token")
        {
            Content = new FormUrlEncodedContent([new("grant_type", "client_credentials"), new("scope", "data:read data:write")]),
        };
        tokenRequest.Headers.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes($"{emulator.ClientId}:{emulator.ClientSecret}")));
        using var tokenResponse = await http.SendAsync(tokenRequest);
        tokenResponse.EnsureSuccessStatusCode();
        using var token = JsonDocument.Parse(await tokenResponse.Content.ReadAsStringAsync());
        using var patch = new HttpRequestMessage(HttpMethod.Patch, $"data/v1/projects/{Uri.EscapeDataString(projectId)}/folders/{Uri.EscapeDataString(folderId)}")
        {
            Content = new StringContent(
                """{"jsonapi":{"version":"1.0"},"data":{"type":"folders","id":""" + JsonSerializer.Serialize(folderId) + ""","attributes":{"hidden":true}}}""",
                Encoding.UTF8, "application/vnd.api+json"),
        };
        patch.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token.RootElement.GetProperty("access_token").GetString());
        using var patched = await http.SendAsync(patch);
        if (!patched.IsSuccessStatusCode)
        {
            throw new InvalidOperationException($"Hiding folder {folderId} answered {(int)patched.StatusCode}: {await patched.Content.ReadAsStringAsync()}");
        }
    }
}
