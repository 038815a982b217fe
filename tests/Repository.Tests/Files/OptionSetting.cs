using System.ComponentModel;
using System.ComponentModel.DataAnnotations;
using System.Reflection;

namespace AccBackup.Repository.Tests.Files;

/// <summary>One bindable option: a public settable property of an options class, named as an app setting.</summary>
internal sealed record OptionSetting(string Section, PropertyInfo Property, object? DefaultValue)
{
    /// <summary>The name as an environment variable or Function App setting, e.g. <c>Aps__ClientId</c>.</summary>
    public string Key => $"{Section.Replace(":", "__", StringComparison.Ordinal)}__{Property.Name}";

    /// <summary>The name in JSON configuration and the README, e.g. <c>Aps:Quota:Share</c>.</summary>
    public string Name => $"{Section}:{Property.Name}";

    /// <summary>Whether the option is <see cref="RequiredAttribute"/> and its code default does not satisfy that.</summary>
    public bool IsRequiredWithoutDefault =>
        Property.GetCustomAttribute<RequiredAttribute>() is { } required && !required.IsValid(DefaultValue);

    /// <summary>Whether <paramref name="text"/> means the same value as the code default.</summary>
    /// <remarks>Parsed with the type's converter, as the configuration binder does; an empty text means "unset".</remarks>
    public bool HasDefaultValue(string text)
    {
        if (text.Length == 0)
        {
            return DefaultValue is null or "";
        }

        var type = Nullable.GetUnderlyingType(Property.PropertyType) ?? Property.PropertyType;
        return Equals(TypeDescriptor.GetConverter(type).ConvertFromInvariantString(text), DefaultValue);
    }

    /// <summary>The default as text, for failure messages.</summary>
    public string DefaultText => DefaultValue switch
    {
        null => "(null)",
        IFormattable formattable => formattable.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
        _ => DefaultValue.ToString() ?? string.Empty,
    };
}
