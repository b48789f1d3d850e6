//! The Unicode class names Go's `regexp` accepts in `\p{…}` (Go 1.26, Unicode 15.0),
//! so that a pattern Terraform refuses is refused here too: the regex crate also takes
//! binary properties (`\p{Alphabetic}`), script abbreviations (`\p{Latn}`) and
//! `name=value` forms, which Go does not.
//!
//! Go puts a name in a canonical form (separators `_`, `-` and space dropped, the first
//! letter upper case, the rest lower case) and then looks it up among `Any`, `Assigned`,
//! `ASCII`, `LC`, the general categories, the scripts and the general categories' long
//! names from the Unicode database (`Letter`, `Cased_Letter`, `digit`, …). A script name
//! is found only when it is already canonical, so scripts of several words
//! (`Old_Italic`) and scripts added after Unicode 15.0 are refused.

/// General categories, major classes, and the special names, in canonical form.
const CATEGORIES: &[&str] = &[
    "Any", "Assigned", "Ascii", "Lc", "C", "Cc", "Cf", "Cn", "Co", "Cs", "L", "Ll", "Lm", "Lo",
    "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi",
    "Po", "Ps", "S", "Sc", "Sk", "Sm", "So", "Z", "Zl", "Zp", "Zs",
];

/// The general categories' other names (Unicode's PropertyValueAliases), canonical.
const CATEGORY_ALIASES: &[&str] = &[
    "Other",
    "Control",
    "Cntrl",
    "Format",
    "Unassigned",
    "Privateuse",
    "Surrogate",
    "Letter",
    "Casedletter",
    "Lowercaseletter",
    "Modifierletter",
    "Otherletter",
    "Titlecaseletter",
    "Uppercaseletter",
    "Mark",
    "Combiningmark",
    "Spacingmark",
    "Enclosingmark",
    "Nonspacingmark",
    "Number",
    "Decimalnumber",
    "Digit",
    "Letternumber",
    "Othernumber",
    "Punctuation",
    "Punct",
    "Connectorpunctuation",
    "Dashpunctuation",
    "Closepunctuation",
    "Finalpunctuation",
    "Initialpunctuation",
    "Otherpunctuation",
    "Openpunctuation",
    "Symbol",
    "Currencysymbol",
    "Modifiersymbol",
    "Mathsymbol",
    "Othersymbol",
    "Separator",
    "Lineseparator",
    "Paragraphseparator",
    "Spaceseparator",
];

/// The Unicode 15.0 scripts whose name is one word, the only ones Go finds.
const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Carian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dogra",
    "Duployan",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gurmukhi",
    "Han",
    "Hangul",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Inherited",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kharoshthi",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Medefaidrin",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nandinagari",
    "Newa",
    "Nko",
    "Nushu",
    "Ogham",
    "Oriya",
    "Osage",
    "Osmanya",
    "Palmyrene",
    "Phoenician",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "Sinhala",
    "Sogdian",
    "Soyombo",
    "Sundanese",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Toto",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Yezidi",
    "Yi",
];

/// Whether Go's `regexp` knows the class `name` (as written inside `\p{…}`, without a
/// leading `^`).
pub(super) fn go_knows(name: &str) -> bool {
    let canonical = canonical_name(name);
    let canonical = canonical.as_str();
    CATEGORIES.contains(&canonical)
        || CATEGORY_ALIASES.contains(&canonical)
        || SCRIPTS.contains(&canonical)
}

/// Whether `name` is the surrogate category (`Cs`), which the regex crate refuses and
/// which matches nothing in text that is valid UTF-8, as Terraform's strings are.
pub(super) fn is_surrogates(name: &str) -> bool {
    matches!(canonical_name(name).as_str(), "Cs" | "Surrogate")
}

/// The class `\p{name}` (or `\P{name}` when `negated`) in the regex crate's syntax, with the
/// members Go's Unicode 15.0 tables give it. The regex crate's tables are newer: characters
/// assigned since 15.0 are taken out of every class but `Any` and put in those of unassigned
/// characters (`C`, `Cn`), where Go still finds them, and the one character whose general
/// category changed since (U+1171E, a spacing mark since Unicode 16) is put back.
pub(super) fn as_in_go(name: &str, negated: bool) -> String {
    let negation = if negated { "^" } else { "" };
    let class = format!("\\p{{{name}}}");
    let inner = match canonical_name(name).as_str() {
        "Any" => return format!("[{negation}{class}]"),
        "C" | "Cn" | "Other" | "Unassigned" => {
            format!("{class}\\P{{age={GO_UNICODE_VERSION}}}")
        }
        "Mn" | "Nonspacingmark" => {
            format!("[{class}&&\\p{{age={GO_UNICODE_VERSION}}}]{AHOM_MEDIAL_RA}")
        }
        "Mc" | "Spacingmark" => {
            format!("[{class}&&\\p{{age={GO_UNICODE_VERSION}}}]--{AHOM_MEDIAL_RA}")
        }
        _ => format!("{class}&&\\p{{age={GO_UNICODE_VERSION}}}"),
    };
    format!("[{negation}{inner}]")
}

/// Whether Go adds the characters that fold into the class under `(?i)`. It has no fold
/// table for `LC` (a name Go 1.25 added), so `(?i)\p{LC}` is `LC` alone, without U+0345
/// (which folds to `ι`).
pub(super) fn go_folds(name: &str) -> bool {
    !matches!(canonical_name(name).as_str(), "Lc" | "Casedletter")
}

/// The Unicode version of Go's tables (Go 1.26), as the regex crate names an age.
const GO_UNICODE_VERSION: &str = "15.0";

/// U+1171E AHOM CONSONANT SIGN MEDIAL RA: `Mn` in Unicode 15.0, `Mc` since 16.0.
const AHOM_MEDIAL_RA: &str = "\\x{1171E}";

/// `name` as Go canonicalises it: `_`, `-` and spaces dropped, the first remaining
/// character upper case and the others lower case (ASCII only).
fn canonical_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().filter(|c| !matches!(c, '_' | '-' | ' ')) {
        if out.is_empty() {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_go_finds_them() {
        for known in [
            "L",
            "l",
            "Lu",
            "lu",
            "LU",
            "LC",
            "lc",
            "Any",
            "any",
            "ASCII",
            "Assigned",
            "Cn",
            "Letter",
            "Cased_Letter",
            "Uppercase Letter",
            "uppercase-letter",
            "digit",
            "punct",
            "Combining_Mark",
            "greek",
            "GREEK",
            "Han",
            "Nko",
            "N_Ko",
            "Kawi",
            "Common",
            "Inherited",
            "Unassigned",
            "Surrogate",
        ] {
            assert!(go_knows(known), "{known}");
        }
        for unknown in [
            "Alphabetic",
            "White_Space",
            "Latn",
            "Zinh",
            "Zyyy",
            "Old_Italic",
            "Tai_Le",
            "Script=Latin",
            "sc=Latn",
            "gc=Ll",
            "Is_Greek",
            "Hex_Digit",
            "Emoji",
            "Math",
            "Garay",
            "Hira",
            "L&",
            "Greek_And_Coptic",
            "",
        ] {
            assert!(!go_knows(unknown), "{unknown}");
        }
    }
}
