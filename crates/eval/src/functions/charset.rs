//! Character encodings for `textencodebase64` and `textdecodebase64`, looked up by IANA
//! name or alias as Go's `ianaindex.IANA` does (case-insensitive, surrounding spaces
//! ignored).
//!
//! Implemented: UTF-8, UTF-16 (big-endian with a byte order mark, honouring a mark when
//! decoding), UTF-16BE, UTF-16LE, ISO-8859-1, windows-1252 and US-ASCII. Other encodings
//! Terraform knows (Shift_JIS, the other ISO-8859 parts, …) are reported as valid names
//! terrace does not implement, rather than as unknown names.

/// A supported character encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Charset {
    Utf8,
    /// Big-endian, a byte order mark written when encoding and honoured when decoding.
    Utf16,
    Utf16Be,
    Utf16Le,
    Latin1,
    Windows1252,
    UsAscii,
}

/// IANA names and aliases of the implemented encodings, lower case.
const NAMES: &[(&str, Charset)] = &[
    ("utf-8", Charset::Utf8),
    ("csutf8", Charset::Utf8),
    ("utf-16", Charset::Utf16),
    ("csutf16", Charset::Utf16),
    ("utf-16be", Charset::Utf16Be),
    ("csutf16be", Charset::Utf16Be),
    ("utf-16le", Charset::Utf16Le),
    ("csutf16le", Charset::Utf16Le),
    ("iso_8859-1:1987", Charset::Latin1),
    ("iso-8859-1", Charset::Latin1),
    ("iso-ir-100", Charset::Latin1),
    ("iso_8859-1", Charset::Latin1),
    ("latin1", Charset::Latin1),
    ("l1", Charset::Latin1),
    ("ibm819", Charset::Latin1),
    ("cp819", Charset::Latin1),
    ("csisolatin1", Charset::Latin1),
    ("windows-1252", Charset::Windows1252),
    ("cswindows1252", Charset::Windows1252),
    ("us-ascii", Charset::UsAscii),
    ("iso-ir-6", Charset::UsAscii),
    ("ansi_x3.4-1968", Charset::UsAscii),
    ("ansi_x3.4-1986", Charset::UsAscii),
    ("iso_646.irv:1991", Charset::UsAscii),
    ("iso646-us", Charset::UsAscii),
    ("us", Charset::UsAscii),
    ("ibm367", Charset::UsAscii),
    ("cp367", Charset::UsAscii),
    ("csascii", Charset::UsAscii),
];

/// Common IANA names Terraform accepts but terrace does not implement, lower case.
const UNIMPLEMENTED: &[&str] = &[
    "shift_jis",
    "csshiftjis",
    "euc-jp",
    "iso-2022-jp",
    "euc-kr",
    "gbk",
    "gb18030",
    "gb2312",
    "big5",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "ibm437",
    "ibm850",
    "ibm866",
    "utf-32",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-9",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
];

/// Code points of windows-1252 bytes 0x80..=0x9F (`None`: not defined).
const WINDOWS_1252_HIGH: [Option<char>; 32] = [
    Some('\u{20ac}'),
    None,
    Some('\u{201a}'),
    Some('\u{0192}'),
    Some('\u{201e}'),
    Some('\u{2026}'),
    Some('\u{2020}'),
    Some('\u{2021}'),
    Some('\u{02c6}'),
    Some('\u{2030}'),
    Some('\u{0160}'),
    Some('\u{2039}'),
    Some('\u{0152}'),
    None,
    Some('\u{017d}'),
    None,
    None,
    Some('\u{2018}'),
    Some('\u{2019}'),
    Some('\u{201c}'),
    Some('\u{201d}'),
    Some('\u{2022}'),
    Some('\u{2013}'),
    Some('\u{2014}'),
    Some('\u{02dc}'),
    Some('\u{2122}'),
    Some('\u{0161}'),
    Some('\u{203a}'),
    Some('\u{0153}'),
    None,
    Some('\u{017e}'),
    Some('\u{0178}'),
];

impl Charset {
    /// The encoding called `name`; `Err(true)` for a valid IANA name terrace does not
    /// implement, `Err(false)` for an unknown name.
    pub(super) fn lookup(name: &str) -> Result<Charset, bool> {
        let wanted = name.trim().to_ascii_lowercase();
        if let Some((_, charset)) = NAMES.iter().find(|(n, _)| *n == wanted) {
            return Ok(*charset);
        }
        Err(UNIMPLEMENTED.contains(&wanted.as_str()))
    }

    /// The IANA name Terraform prints in errors.
    pub(super) fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            Charset::Utf16 => "UTF-16",
            Charset::Utf16Be => "UTF-16BE",
            Charset::Utf16Le => "UTF-16LE",
            Charset::Latin1 => "ISO_8859-1:1987",
            Charset::Windows1252 => "windows-1252",
            Charset::UsAscii => "US-ASCII",
        }
    }

    /// `text` in this encoding, or `None` when a character cannot be represented.
    pub(super) fn encode(self, text: &str) -> Option<Vec<u8>> {
        match self {
            Charset::Utf8 => Some(text.as_bytes().to_vec()),
            Charset::Utf16 => {
                let mut out = vec![0xfe, 0xff];
                out.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
                Some(out)
            }
            Charset::Utf16Be => Some(text.encode_utf16().flat_map(u16::to_be_bytes).collect()),
            Charset::Utf16Le => Some(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
            Charset::Latin1 => text.chars().map(|c| u8::try_from(c).ok()).collect(),
            Charset::Windows1252 => text.chars().map(windows_1252_byte).collect(),
            Charset::UsAscii => text
                .chars()
                .map(|c| u8::try_from(c).ok().filter(u8::is_ascii))
                .collect(),
        }
    }

    /// `bytes` decoded; bytes that do not decode become U+FFFD. `None` when the input
    /// ends in the middle of a character.
    pub(super) fn decode(self, bytes: &[u8]) -> Option<String> {
        match self {
            Charset::Utf8 => Some(String::from_utf8_lossy(bytes).into_owned()),
            Charset::Utf16 => match bytes {
                [0xfe, 0xff, rest @ ..] => decode_utf16(rest, u16::from_be_bytes),
                [0xff, 0xfe, rest @ ..] => decode_utf16(rest, u16::from_le_bytes),
                _ => decode_utf16(bytes, u16::from_be_bytes),
            },
            Charset::Utf16Be => decode_utf16(bytes, u16::from_be_bytes),
            Charset::Utf16Le => decode_utf16(bytes, u16::from_le_bytes),
            Charset::Latin1 => Some(bytes.iter().map(|&b| char::from(b)).collect()),
            Charset::Windows1252 => Some(
                bytes
                    .iter()
                    .map(|&b| match b {
                        0x80..=0x9f => {
                            WINDOWS_1252_HIGH[usize::from(b - 0x80)].unwrap_or('\u{fffd}')
                        }
                        _ => char::from(b),
                    })
                    .collect(),
            ),
            Charset::UsAscii => Some(
                bytes
                    .iter()
                    .map(|&b| {
                        if b.is_ascii() {
                            char::from(b)
                        } else {
                            '\u{fffd}'
                        }
                    })
                    .collect(),
            ),
        }
    }
}

fn windows_1252_byte(c: char) -> Option<u8> {
    match u32::from(c) {
        0..=0x7f | 0xa0..=0xff => u8::try_from(c).ok(),
        _ => WINDOWS_1252_HIGH
            .iter()
            .position(|&m| m == Some(c))
            .and_then(|i| u8::try_from(0x80 + i).ok()),
    }
}

fn decode_utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Option<String> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    Some(
        char::decode_utf16(units)
            .map(|r| r.unwrap_or('\u{fffd}'))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_is_case_insensitive_and_trims() {
        assert_eq!(Charset::lookup("utf-16LE"), Ok(Charset::Utf16Le));
        assert_eq!(Charset::lookup(" latin1 "), Ok(Charset::Latin1));
        assert_eq!(Charset::lookup("IBM819"), Ok(Charset::Latin1));
        assert_eq!(Charset::lookup("csUTF8"), Ok(Charset::Utf8));
        assert_eq!(Charset::lookup("utf8"), Err(false));
        assert_eq!(Charset::lookup("cp1252"), Err(false));
        assert_eq!(Charset::lookup("Shift_JIS"), Err(true));
    }

    #[test]
    fn windows_1252_round_trip() {
        let all: String = (0u8..=255)
            .filter(|b| !matches!(b, 0x81 | 0x8d | 0x8f | 0x90 | 0x9d))
            .map(|b| {
                Charset::Windows1252
                    .decode(&[b])
                    .unwrap()
                    .chars()
                    .next()
                    .unwrap()
            })
            .collect();
        let bytes = Charset::Windows1252.encode(&all).unwrap();
        assert_eq!(Charset::Windows1252.decode(&bytes).unwrap(), all);
        assert_eq!(Charset::Windows1252.encode("\u{81}"), None);
    }

    #[test]
    fn utf16_odd_length() {
        assert_eq!(Charset::Utf16Le.decode(b"H"), None);
        assert_eq!(Charset::Utf16Le.decode(b""), Some(String::new()));
    }
}
