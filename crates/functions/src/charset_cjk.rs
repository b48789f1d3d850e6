//! The multi-byte (CJK) encodings of Go's `ianaindex`, for `textencodebase64` and
//! `textdecodebase64`: Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, GBK, GB18030 and Big5.
//!
//! Go's x/text and encoding_rs both build these from the WHATWG indexes, so encoding_rs
//! does the work; where Go's encoders and decoders differ from the WHATWG algorithms
//! (checked against Terraform over every code point and every one- and two-byte
//! sequence), the difference is made here. Terraform fails an encoding on the first
//! character its encoder cannot represent, and a decoding whenever the decoder produces
//! U+FFFD, so both directions here either give Go's exact result or refuse.

use encoding_rs::{DecoderResult, EncoderResult, Encoding};

use super::{charset_chinese, charset_japanese};

/// A multi-byte encoding: the IANA name Terraform prints, and encoding_rs's encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cjk {
    /// The name `ianaindex.IANA.Name` gives.
    pub(super) name: &'static str,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    ShiftJis,
    EucJp,
    Iso2022Jp,
    EucKr,
    Gbk,
    Gb18030,
    HzGb2312,
    Big5,
}

/// IANA names and aliases (lower case) of the multi-byte encodings.
pub(super) const CJK_NAMES: &[(&str, Cjk)] = &[
    ("shift_jis", SHIFT_JIS),
    ("ms_kanji", SHIFT_JIS),
    ("csshiftjis", SHIFT_JIS),
    ("euc-jp", EUC_JP),
    ("extended_unix_code_packed_format_for_japanese", EUC_JP),
    ("cseucpkdfmtjapanese", EUC_JP),
    ("iso-2022-jp", ISO_2022_JP),
    ("csiso2022jp", ISO_2022_JP),
    ("euc-kr", EUC_KR),
    ("cseuckr", EUC_KR),
    ("gbk", GBK),
    ("cp936", GBK),
    ("ms936", GBK),
    ("windows-936", GBK),
    ("csgbk", GBK),
    ("gb18030", GB18030),
    ("csgb18030", GB18030),
    ("hz-gb-2312", HZ_GB_2312),
    ("big5", BIG5),
    ("csbig5", BIG5),
];

const SHIFT_JIS: Cjk = Cjk {
    name: "Shift_JIS",
    kind: Kind::ShiftJis,
};
const EUC_JP: Cjk = Cjk {
    name: "Extended_UNIX_Code_Packed_Format_for_Japanese",
    kind: Kind::EucJp,
};
const ISO_2022_JP: Cjk = Cjk {
    name: "ISO-2022-JP",
    kind: Kind::Iso2022Jp,
};
const EUC_KR: Cjk = Cjk {
    name: "EUC-KR",
    kind: Kind::EucKr,
};
const GBK: Cjk = Cjk {
    name: "GBK",
    kind: Kind::Gbk,
};
const GB18030: Cjk = Cjk {
    name: "GB18030",
    kind: Kind::Gb18030,
};
const HZ_GB_2312: Cjk = Cjk {
    name: "HZ-GB-2312",
    kind: Kind::HzGb2312,
};
const BIG5: Cjk = Cjk {
    name: "Big5",
    kind: Kind::Big5,
};

impl Cjk {
    fn encoding(self) -> &'static Encoding {
        match self.kind {
            Kind::ShiftJis => encoding_rs::SHIFT_JIS,
            Kind::EucJp => encoding_rs::EUC_JP,
            Kind::Iso2022Jp => encoding_rs::ISO_2022_JP,
            Kind::EucKr => encoding_rs::EUC_KR,
            Kind::Gbk => encoding_rs::GBK,
            // HZ is GB2312 in 7 bits; charset_chinese writes and reads it itself.
            Kind::Gb18030 | Kind::HzGb2312 => encoding_rs::GB18030,
            Kind::Big5 => encoding_rs::BIG5,
        }
    }

    /// `text` in this encoding, or `None` when Go's encoder refuses a character.
    pub(super) fn encode(self, text: &str) -> Option<Vec<u8>> {
        match self.kind {
            Kind::ShiftJis => return charset_japanese::encode_shift_jis(text),
            Kind::EucJp => return charset_japanese::encode_euc_jp(text),
            Kind::Iso2022Jp => return charset_japanese::encode_iso_2022_jp(text),
            Kind::Gbk => return charset_chinese::encode_gbk(text, false),
            Kind::Gb18030 => return charset_chinese::encode_gbk(text, true),
            Kind::HzGb2312 => return charset_chinese::encode_hz(text),
            Kind::Big5 => return charset_chinese::encode_big5(text),
            Kind::EucKr => {}
        }
        let mut encoder = self.encoding().new_encoder();
        let capacity = encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .expect("invariant: a string in memory has a length that fits the buffer bound");
        let mut out = Vec::with_capacity(capacity);
        let (result, _) = encoder.encode_from_utf8_to_vec_without_replacement(text, &mut out, true);
        match result {
            EncoderResult::InputEmpty => Some(out),
            EncoderResult::Unmappable(_) | EncoderResult::OutputFull => None,
        }
    }

    /// `bytes` decoded, or `None` where Go's decoder would produce U+FFFD.
    pub(super) fn decode(self, bytes: &[u8]) -> Option<String> {
        match self.kind {
            Kind::ShiftJis => return charset_japanese::decode_shift_jis(bytes),
            Kind::EucJp => return charset_japanese::decode_euc_jp(bytes),
            Kind::Iso2022Jp => return charset_japanese::decode_iso_2022_jp(bytes),
            Kind::Gbk => return charset_chinese::decode_gbk(bytes, false),
            Kind::Gb18030 => return charset_chinese::decode_gbk(bytes, true),
            Kind::HzGb2312 => return charset_chinese::decode_hz(bytes),
            Kind::Big5 | Kind::EucKr => {}
        }
        let mut decoder = self.encoding().new_decoder_without_bom_handling();
        let capacity = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .expect("invariant: a byte string in memory has a length that fits the buffer bound");
        let mut out = String::with_capacity(capacity);
        let (result, _) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
        match result {
            DecoderResult::InputEmpty => Some(out),
            DecoderResult::Malformed(..) | DecoderResult::OutputFull => None,
        }
    }
}

#[cfg(test)]
mod tests {
    //! The exhaustive cases recorded from Terraform (`tests/data/text_encodings_exhaustive.txt`),
    //! computed natively: each maps a range through `textencodebase64` or
    //! `textdecodebase64` as the recorded expression does ("!" where the call fails),
    //! joins the results with "," and compares the SHA-256.

    use base64::Engine as _;
    use base64::engine::general_purpose::STANDARD;
    use sha2::{Digest as _, Sha256};
    use terrace_types::Value;

    use crate::call::call as call_function;
    use crate::context::CallContext;
    use crate::table::{FunctionTable, standard};

    const DATA: &str = include_str!("../tests/data/text_encodings_exhaustive.txt");

    fn table() -> &'static FunctionTable {
        static TABLE: std::sync::OnceLock<FunctionTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(standard)
    }

    fn call(name: &str, first: String, encoding: &str) -> String {
        let function = table().get(name).expect("function is registered");
        let args = vec![Value::string(first), Value::string(encoding)];
        match call_function(function, &CallContext::default(), args) {
            Ok(value) => value.as_str().unwrap_or("!").to_string(),
            Err(_) => "!".to_string(),
        }
    }

    fn encode(code: u32, encoding: &str) -> String {
        let c = char::from_u32(code).expect("no surrogates in the ranges");
        call("textencodebase64", c.to_string(), encoding)
    }

    fn decode(bytes: &[u8], encoding: &str) -> String {
        call("textdecodebase64", STANDARD.encode(bytes), encoding)
    }

    /// The results a case's expression joins, from its name.
    fn results(name: &str) -> Vec<String> {
        let encoding = name.split(' ').next().unwrap_or_default();
        let pairs = |prefix: &[u8]| -> Vec<String> {
            (0..=255u8)
                .flat_map(|a| (0..=255u8).map(move |b| (a, b)))
                .map(|(a, b)| decode(&[prefix, &[a, b]].concat(), encoding))
                .collect()
        };
        if name.ends_with("encodes every BMP code point") {
            (0..0x10000u32)
                .filter(|c| !(0xd800..0xe000).contains(c))
                .map(|c| encode(c, encoding))
                .collect()
        } else if name.ends_with("encodes planes 1 and 2") {
            (0x10000..0x30000u32).map(|c| encode(c, encoding)).collect()
        } else if name.ends_with("decodes every byte pair") {
            pairs(&[])
        } else if name.ends_with("decodes every 8F triple") {
            pairs(&[0x8f])
        } else if name.ends_with("after ESC $ B") {
            pairs(&[0x1b, b'$', b'B'])
        } else if name.ends_with("after ESC $ ( D") {
            pairs(&[0x1b, b'$', b'(', b'D'])
        } else if name.ends_with("after ESC ( I") {
            pairs(&[0x1b, b'(', b'I'])
        } else if name.ends_with("after ~{") {
            pairs(b"~{")
        } else if name.ends_with("decodes every escape") {
            (0..=255u8)
                .flat_map(|a| (0..=255u8).map(move |b| (a, b)))
                .map(|(a, b)| decode(&[0x1b, a, b, b'A', b'\n', b'B'], encoding))
                .collect()
        } else if name.ends_with("decodes four-byte codes") {
            let leads = [
                0x81u8, 0x82, 0x83, 0x84, 0x85, 0x8f, 0x90, 0x95, 0xe3, 0xe4, 0xfe,
            ];
            let mut out = Vec::new();
            for lead in leads {
                for second in 0x30..=0x39u8 {
                    for third in 0x81..=0xfeu8 {
                        for fourth in 0x30..=0x39u8 {
                            out.push(decode(&[lead, second, third, fourth], encoding));
                        }
                    }
                }
            }
            out
        } else {
            panic!("no generator for case {name:?}")
        }
    }

    #[test]
    fn exhaustive_cases_match_terraform() {
        let mut checked = 0;
        for case in DATA.split("--- ").skip(1) {
            let mut lines = case.lines();
            let name = lines.next().unwrap().trim_end_matches(" ---");
            let expected = lines
                .find_map(|line| line.strip_prefix("=> "))
                .unwrap()
                .trim_matches('"');
            let joined = results(name).join(",");
            let hash = Sha256::digest(joined.as_bytes());
            let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(hex, expected, "{name}");
            checked += 1;
        }
        assert_eq!(checked, 31);
    }
}
