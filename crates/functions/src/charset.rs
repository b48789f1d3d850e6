//! Character encodings for `textencodebase64` and `textdecodebase64`, looked up by IANA
//! name or alias as Go's `ianaindex.IANA` does (case-insensitive, surrounding spaces
//! ignored).
//!
//! Implemented: UTF-8, UTF-16 (big-endian with a byte order mark, honouring a mark when
//! decoding), UTF-16BE, UTF-16LE, ISO-8859-1, windows-1252 and US-ASCII; and, through
//! encoding_rs, the single-byte encodings whose Go tables (x/text's charmap) come from the
//! same WHATWG indexes as encoding_rs's: ISO-8859-2 to -8, -8-I, -10, -13 to -16, KOI8-R,
//! KOI8-U, IBM866, macintosh, windows-874 and windows-1250 to -1258, by their IANA names
//! and aliases (each checked against Terraform); and the multi-byte encodings of
//! `charset_cjk` (Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, GBK, GB18030, HZ-GB-2312, Big5).
//! Other encodings Terraform knows (IBM437, ISO-8859-9, …) are reported as valid names
//! terrace does not implement, rather than as unknown names.

use super::charset_cjk::{CJK_NAMES, Cjk};

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
    /// A single-byte encoding: an index into `SINGLE_BYTE`.
    SingleByte(usize),
    /// A multi-byte encoding (Shift_JIS, GBK, Big5, …).
    Cjk(Cjk),
}

/// The single-byte encodings taken from encoding_rs, with the IANA name Terraform prints.
/// Go's tables leave undefined the bytes that WHATWG's (and so encoding_rs's) map to the
/// C1 controls U+0080 to U+009F, so those are undefined here too.
const SINGLE_BYTE: &[(&str, &encoding_rs::Encoding)] = &[
    ("ISO_8859-2:1987", encoding_rs::ISO_8859_2),
    ("ISO_8859-3:1988", encoding_rs::ISO_8859_3),
    ("ISO_8859-4:1988", encoding_rs::ISO_8859_4),
    ("ISO_8859-5:1988", encoding_rs::ISO_8859_5),
    ("ISO_8859-6:1987", encoding_rs::ISO_8859_6),
    ("ISO_8859-7:1987", encoding_rs::ISO_8859_7),
    ("ISO_8859-8:1988", encoding_rs::ISO_8859_8),
    ("ISO_8859-8-I", encoding_rs::ISO_8859_8_I),
    ("ISO-8859-10", encoding_rs::ISO_8859_10),
    ("ISO-8859-13", encoding_rs::ISO_8859_13),
    ("ISO-8859-14", encoding_rs::ISO_8859_14),
    ("ISO-8859-15", encoding_rs::ISO_8859_15),
    ("ISO-8859-16", encoding_rs::ISO_8859_16),
    ("KOI8-R", encoding_rs::KOI8_R),
    ("KOI8-U", encoding_rs::KOI8_U),
    ("IBM866", encoding_rs::IBM866),
    ("macintosh", encoding_rs::MACINTOSH),
    ("windows-874", encoding_rs::WINDOWS_874),
    ("windows-1250", encoding_rs::WINDOWS_1250),
    ("windows-1251", encoding_rs::WINDOWS_1251),
    ("windows-1253", encoding_rs::WINDOWS_1253),
    ("windows-1254", encoding_rs::WINDOWS_1254),
    ("windows-1255", encoding_rs::WINDOWS_1255),
    ("windows-1256", encoding_rs::WINDOWS_1256),
    ("windows-1257", encoding_rs::WINDOWS_1257),
    ("windows-1258", encoding_rs::WINDOWS_1258),
];

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
    ("iso_8859-2:1987", Charset::SingleByte(0)),
    ("iso-ir-101", Charset::SingleByte(0)),
    ("iso_8859-2", Charset::SingleByte(0)),
    ("iso-8859-2", Charset::SingleByte(0)),
    ("latin2", Charset::SingleByte(0)),
    ("l2", Charset::SingleByte(0)),
    ("csisolatin2", Charset::SingleByte(0)),
    ("iso_8859-3:1988", Charset::SingleByte(1)),
    ("iso-ir-109", Charset::SingleByte(1)),
    ("iso_8859-3", Charset::SingleByte(1)),
    ("iso-8859-3", Charset::SingleByte(1)),
    ("latin3", Charset::SingleByte(1)),
    ("l3", Charset::SingleByte(1)),
    ("csisolatin3", Charset::SingleByte(1)),
    ("iso_8859-4:1988", Charset::SingleByte(2)),
    ("iso-ir-110", Charset::SingleByte(2)),
    ("iso_8859-4", Charset::SingleByte(2)),
    ("iso-8859-4", Charset::SingleByte(2)),
    ("latin4", Charset::SingleByte(2)),
    ("l4", Charset::SingleByte(2)),
    ("csisolatin4", Charset::SingleByte(2)),
    ("iso_8859-5:1988", Charset::SingleByte(3)),
    ("iso-ir-144", Charset::SingleByte(3)),
    ("iso_8859-5", Charset::SingleByte(3)),
    ("iso-8859-5", Charset::SingleByte(3)),
    ("cyrillic", Charset::SingleByte(3)),
    ("csisolatincyrillic", Charset::SingleByte(3)),
    ("iso_8859-6:1987", Charset::SingleByte(4)),
    ("iso-ir-127", Charset::SingleByte(4)),
    ("iso_8859-6", Charset::SingleByte(4)),
    ("iso-8859-6", Charset::SingleByte(4)),
    ("ecma-114", Charset::SingleByte(4)),
    ("asmo-708", Charset::SingleByte(4)),
    ("arabic", Charset::SingleByte(4)),
    ("csisolatinarabic", Charset::SingleByte(4)),
    ("iso_8859-7:1987", Charset::SingleByte(5)),
    ("iso-ir-126", Charset::SingleByte(5)),
    ("iso_8859-7", Charset::SingleByte(5)),
    ("iso-8859-7", Charset::SingleByte(5)),
    ("elot_928", Charset::SingleByte(5)),
    ("ecma-118", Charset::SingleByte(5)),
    ("greek", Charset::SingleByte(5)),
    ("greek8", Charset::SingleByte(5)),
    ("csisolatingreek", Charset::SingleByte(5)),
    ("iso_8859-8:1988", Charset::SingleByte(6)),
    ("iso-ir-138", Charset::SingleByte(6)),
    ("iso_8859-8", Charset::SingleByte(6)),
    ("iso-8859-8", Charset::SingleByte(6)),
    ("hebrew", Charset::SingleByte(6)),
    ("csisolatinhebrew", Charset::SingleByte(6)),
    ("iso-8859-8-i", Charset::SingleByte(7)),
    ("csiso88598i", Charset::SingleByte(7)),
    ("iso_8859-8-i", Charset::SingleByte(7)),
    ("iso-8859-10", Charset::SingleByte(8)),
    ("iso-ir-157", Charset::SingleByte(8)),
    ("l6", Charset::SingleByte(8)),
    ("iso_8859-10:1992", Charset::SingleByte(8)),
    ("csisolatin6", Charset::SingleByte(8)),
    ("latin6", Charset::SingleByte(8)),
    ("iso-8859-13", Charset::SingleByte(9)),
    ("csiso885913", Charset::SingleByte(9)),
    ("iso-8859-14", Charset::SingleByte(10)),
    ("iso-ir-199", Charset::SingleByte(10)),
    ("iso_8859-14:1998", Charset::SingleByte(10)),
    ("iso_8859-14", Charset::SingleByte(10)),
    ("latin8", Charset::SingleByte(10)),
    ("iso-celtic", Charset::SingleByte(10)),
    ("l8", Charset::SingleByte(10)),
    ("csiso885914", Charset::SingleByte(10)),
    ("iso-8859-15", Charset::SingleByte(11)),
    ("iso_8859-15", Charset::SingleByte(11)),
    ("latin-9", Charset::SingleByte(11)),
    ("csiso885915", Charset::SingleByte(11)),
    ("iso-8859-16", Charset::SingleByte(12)),
    ("iso-ir-226", Charset::SingleByte(12)),
    ("iso_8859-16:2001", Charset::SingleByte(12)),
    ("iso_8859-16", Charset::SingleByte(12)),
    ("latin10", Charset::SingleByte(12)),
    ("l10", Charset::SingleByte(12)),
    ("csiso885916", Charset::SingleByte(12)),
    ("koi8-r", Charset::SingleByte(13)),
    ("cskoi8r", Charset::SingleByte(13)),
    ("koi8-u", Charset::SingleByte(14)),
    ("cskoi8u", Charset::SingleByte(14)),
    ("ibm866", Charset::SingleByte(15)),
    ("cp866", Charset::SingleByte(15)),
    ("866", Charset::SingleByte(15)),
    ("csibm866", Charset::SingleByte(15)),
    ("macintosh", Charset::SingleByte(16)),
    ("mac", Charset::SingleByte(16)),
    ("csmacintosh", Charset::SingleByte(16)),
    ("windows-874", Charset::SingleByte(17)),
    ("cswindows874", Charset::SingleByte(17)),
    ("windows-1250", Charset::SingleByte(18)),
    ("cswindows1250", Charset::SingleByte(18)),
    ("windows-1251", Charset::SingleByte(19)),
    ("cswindows1251", Charset::SingleByte(19)),
    ("windows-1253", Charset::SingleByte(20)),
    ("cswindows1253", Charset::SingleByte(20)),
    ("windows-1254", Charset::SingleByte(21)),
    ("cswindows1254", Charset::SingleByte(21)),
    ("windows-1255", Charset::SingleByte(22)),
    ("cswindows1255", Charset::SingleByte(22)),
    ("windows-1256", Charset::SingleByte(23)),
    ("cswindows1256", Charset::SingleByte(23)),
    ("windows-1257", Charset::SingleByte(24)),
    ("cswindows1257", Charset::SingleByte(24)),
    ("windows-1258", Charset::SingleByte(25)),
    ("cswindows1258", Charset::SingleByte(25)),
];

/// Common IANA names Terraform accepts but terrace does not implement, lower case.
const UNIMPLEMENTED: &[&str] = &["ibm437", "ibm850", "utf-32", "iso-8859-9"];

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
        if let Some((_, cjk)) = CJK_NAMES.iter().find(|(n, _)| *n == wanted) {
            return Ok(Charset::Cjk(*cjk));
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
            Charset::SingleByte(index) => single_byte(index).0,
            Charset::Cjk(cjk) => cjk.name,
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
            Charset::SingleByte(index) => {
                let (_, encoding) = single_byte(index);
                if text.chars().any(is_c1) {
                    return None;
                }
                let (bytes, _, unmappable) = encoding.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            }
            Charset::Cjk(cjk) => cjk.encode(text),
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
            Charset::SingleByte(index) => {
                let (_, encoding) = single_byte(index);
                let text = encoding.decode_without_bom_handling(bytes).0;
                Some(
                    text.chars()
                        .map(|c| if is_c1(c) { '\u{fffd}' } else { c })
                        .collect(),
                )
            }
            Charset::Cjk(cjk) => cjk.decode(bytes),
        }
    }
}

/// Whether `c` is a C1 control, which no single-byte encoding of Go's defines.
fn is_c1(c: char) -> bool {
    ('\u{80}'..='\u{9f}').contains(&c)
}

/// Entry `index` of `SINGLE_BYTE`.
fn single_byte(index: usize) -> (&'static str, &'static encoding_rs::Encoding) {
    SINGLE_BYTE
        .get(index)
        .copied()
        .expect("invariant: SingleByte indexes come from NAMES, which index SINGLE_BYTE")
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
        assert!(matches!(Charset::lookup("Shift_JIS"), Ok(Charset::Cjk(_))));
        assert_eq!(Charset::lookup("IBM437"), Err(true));
        assert!(matches!(Charset::lookup("hz-gb-2312"), Ok(Charset::Cjk(_))));
        assert_eq!(Charset::lookup("ISO-8859-9"), Err(true));
        assert!(matches!(
            Charset::lookup("CSisoLatin2"),
            Ok(Charset::SingleByte(_))
        ));
        assert_eq!(Charset::lookup("koi8-r").map(Charset::name), Ok("KOI8-R"));
        assert_eq!(
            Charset::lookup("latin2").map(Charset::name),
            Ok("ISO_8859-2:1987")
        );
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
    fn single_byte_c1_controls_are_undefined() {
        // Go's tables leave out what WHATWG maps to C1 controls (windows-1250's 0x81).
        let cp1250 = Charset::lookup("windows-1250").unwrap();
        assert_eq!(cp1250.decode(&[0x81, 0x8a]).unwrap(), "\u{fffd}Š");
        assert_eq!(cp1250.encode("\u{81}"), None);
        assert_eq!(cp1250.encode("Šx"), Some(vec![0x8a, b'x']));
        let koi8 = Charset::lookup("csKOI8R").unwrap();
        assert_eq!(
            koi8.encode("Привет"),
            Some(vec![0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4])
        );
        assert_eq!(koi8.encode("€"), None);
    }

    #[test]
    fn utf16_odd_length() {
        assert_eq!(Charset::Utf16Le.decode(b"H"), None);
        assert_eq!(Charset::Utf16Le.decode(b""), Some(String::new()));
    }
}
