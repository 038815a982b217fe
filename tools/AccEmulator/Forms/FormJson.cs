using System.Globalization;
using System.Text.Json;
using AccEmulator.Sheets;

namespace AccEmulator.Forms;

/// <summary>The Forms API shapes of forms (v2), templates (v1), values, table rows and PDF values, written the same way by the
/// endpoints and the truth.</summary>
internal static class FormJson
{
    /// <summary>A form as <c>GET v2 forms</c> lists it; <paramref name="pdfUrl"/> is the PDF's signed URL (the truth writes none),
    /// <paramref name="fetchedAt"/> the API's <c>lastFetchedAt</c> (the truth writes none: it changes with every read).</summary>
    public static void WriteForm(Utf8JsonWriter w, EmulatedForm form, string? pdfUrl, DateTimeOffset? fetchedAt)
    {
        w.WriteStartObject();
        w.WriteString("formTemplateId", form.Template.Id);
        w.WriteString("id", form.Id);
        w.WriteString("status", form.Status);
        w.WriteNumber("formNum", form.Number);
        w.WriteString("formDate", form.FormDate.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
        w.WriteString("assigneeId", form.AssigneeId);
        w.WriteString("assigneeType", "user");
        WriteOptional(w, "dueDate", form.DueDate?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
        WriteOptional(w, "locationId", form.LocationId?.ToString("D"));
        w.WriteString("createdBy", form.CreatedBy);
        w.WriteString("createdAt", SheetJson.Time(form.CreatedAt));
        w.WriteString("userCreatedAt", SheetJson.Time(form.CreatedAt));
        w.WriteString("notes", form.Notes);
        w.WriteString("description", form.Description);
        w.WriteString("name", form.Name);
        w.WriteString("updatedAt", SheetJson.Time(form.UpdatedAt));
        w.WriteString("updatedBy", form.UpdatedBy);
        w.WriteStartObject("lastStatusChanges");
        WriteOptional(w, "previousStatus", form.PreviousStatus);
        foreach (var (status, (by, at)) in form.StatusChanges.OrderBy(s => s.Key, StringComparer.Ordinal))
        {
            w.WriteStartObject(status);
            w.WriteString("by", by);
            w.WriteString("at", SheetJson.Time(at));
            w.WriteEndObject();
        }

        w.WriteEndObject();
        if (form.Pdf is { } pdf)
        {
            w.WriteStartObject("pdfFile");
            w.WriteString("id", pdf.FileId);
            w.WriteString("fileName", pdf.FileName);
            if (pdfUrl is not null)
            {
                w.WriteString("pdfUrl", pdfUrl);
            }

            w.WriteEndObject();
        }
        else
        {
            w.WriteStartObject("nativeForm");
            w.WriteString("id", form.Id);
            w.WriteString("layoutId", form.Template.Id);
            w.WriteString("version", "13.0");
            w.WriteEndObject();
        }

        if (fetchedAt is { } fetched)
        {
            w.WriteString("lastFetchedAt", SheetJson.Time(fetched));
        }

        w.WriteEndObject();
    }

    /// <summary>A template as <c>GET v1 form-templates</c> lists it; <paramref name="pdfUrl"/> is a PDF template's signed URL
    /// to its blank PDF (the truth writes none: it changes with every read).</summary>
    public static void WriteTemplate(Utf8JsonWriter w, EmulatedFormTemplate template, string? pdfUrl)
    {
        w.WriteStartObject();
        w.WriteString("projectId", template.ProjectGuid);
        w.WriteString("id", template.Id);
        w.WriteString("name", template.Name);
        w.WriteString("status", template.Status);
        w.WriteString("templateType", template.TemplateType);
        w.WriteString("createdBy", template.CreatedBy);
        w.WriteString("createdAt", SheetJson.Time(template.CreatedAt));
        w.WriteString("updatedAt", SheetJson.Time(template.UpdatedAt));
        w.WriteBoolean("isPdf", template.IsPdf);
        if (pdfUrl is not null)
        {
            w.WriteString("pdfUrl", pdfUrl);
        }

        w.WriteEndObject();
    }

    /// <summary>An answered question as <c>GET v2 values</c> lists it.</summary>
    public static void WriteValue(Utf8JsonWriter w, FormValue value)
    {
        w.WriteStartObject();
        w.WriteString("id", value.Id);
        w.WriteString("fieldId", value.FieldId);
        w.WriteBoolean("deleted", false);
        w.WriteString(value.ValueName, value.Value);
        WriteOptional(w, "notes", value.Notes);
        w.WriteString("updatedAt", SheetJson.Time(value.UpdatedAt));
        w.WriteString("updatedBy", value.UpdatedBy);
        w.WriteEndObject();
    }

    /// <summary>A table row as <c>GET v1 table/{fieldId}/values</c> lists it.</summary>
    public static void WriteRow(Utf8JsonWriter w, FormTableRow row)
    {
        var schema = FormEndpoints.TableSchemas[row.Table];
        w.WriteStartObject();
        w.WriteString("id", row.Id);
        w.WriteString("table", row.Table);
        w.WriteString("schema", schema);
        w.WriteString("fieldId", schema);
        w.WriteNumber("rank", row.Rank);
        w.WriteBoolean("deleted", false);
        w.WriteStartArray("columns");
        foreach (var (column, text, number) in row.Cells)
        {
            w.WriteStartObject();
            w.WriteString("formValueId", row.Id);
            w.WriteString("columnId", FormGenerator.FieldId(row.Table + "/" + column));
            w.WriteString("columnName", column);
            if (text is not null)
            {
                w.WriteString("textVal", text);
            }

            if (number is { } n)
            {
                w.WriteNumber("numberVal", n);
            }

            w.WriteEndObject();
        }

        w.WriteEndArray();
        w.WriteString("updatedAt", SheetJson.Time(row.UpdatedAt));
        w.WriteString("updatedBy", row.UpdatedBy);
        w.WriteEndObject();
    }

    /// <summary>A PDF field as <c>GET v2 pdf-values</c> lists it.</summary>
    public static void WritePdfValue(Utf8JsonWriter w, (string Name, string Value) field)
    {
        w.WriteStartObject();
        w.WriteString("name", field.Name);
        w.WriteString("value", field.Value);
        w.WriteEndObject();
    }

    /// <summary>Writes <c>"data":[…],"pagination":{offset,limit,totalResults,nextUrl}</c> for one page of <paramref name="all"/>.</summary>
    public static void WritePage<T>(Utf8JsonWriter w, HttpRequest request, int limit, int offset, IReadOnlyList<T> all, Action<Utf8JsonWriter, T> writeItem)
    {
        w.WriteStartArray("data");
        for (var i = offset; i < all.Count && i < offset + limit; i++)
        {
            writeItem(w, all[i]);
        }

        w.WriteEndArray();
        w.WriteStartObject("pagination");
        w.WriteNumber("offset", offset);
        w.WriteNumber("limit", limit);
        w.WriteNumber("totalResults", all.Count);
        if (offset + limit < all.Count)
        {
            var query = request.Query.Where(q => q.Key is not ("offset" or "limit"))
                .SelectMany(q => q.Value.Select(v => $"{Uri.EscapeDataString(q.Key)}={Uri.EscapeDataString(v ?? "")}"))
                .Append(string.Create(CultureInfo.InvariantCulture, $"limit={limit}&offset={offset + limit}"));
            w.WriteString("nextUrl", request.Path + "?" + string.Join('&', query));
        }
        else
        {
            w.WriteNull("nextUrl");
        }

        w.WriteEndObject();
    }

    private static void WriteOptional(Utf8JsonWriter w, string name, string? value)
    {
        if (value is null)
        {
            w.WriteNull(name);
        }
        else
        {
            w.WriteString(name, value);
        }
    }
}
