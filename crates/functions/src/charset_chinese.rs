//! The Chinese encodings as Go's x/text writes and reads them: GBK, GB18030, HZ-GB-2312 and
//! Big5.
//!
//! Go's GBK table is WHATWG's GBK index as it stood before GB18030-2022, without the
//! private-use mappings: encoding_rs (the current index) decodes and encodes the same
//! pairs apart from the private use area and the 19 code points that GB18030-2022 moved
//! into two bytes, which Go leaves out. GB18030 writes every other code point in four
//! bytes through Go's ranges table (`GB18030_RANGES`), so private-use characters and
//! those 19 take their old four-byte codes. Big5 decodes as encoding_rs does; it encodes
//! each code point at its *last* position in the index (Go follows iconv there, where
//! WHATWG takes the first outside the HKSCS rows).

use std::collections::HashMap;
use std::sync::OnceLock;

/// The code points GB18030-2022 gave two-byte codes to (WHATWG's current index), which
/// Go's older table does not have.
fn moved_in_2022(c: char) -> bool {
    matches!(c, '\u{fe10}'..='\u{fe19}' | '\u{1e3f}' | '\u{9fb4}'..='\u{9fbb}')
}

fn is_private_use(c: char) -> bool {
    ('\u{e000}'..='\u{f8ff}').contains(&c)
}

/// The character Go's two-byte GBK table has for `bytes`.
fn gbk_pair(bytes: [u8; 2]) -> Option<char> {
    let text = encoding_rs::GBK.decode_without_bom_handling_and_without_replacement(&bytes)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii() && !is_private_use(c) && !moved_in_2022(c) => Some(c),
        _ => None,
    }
}

/// The two-byte code Go's GBK encode tables give `c` (which `€` has too: `A2 E3`), or
/// `None`: neither private use nor the 19 code points GB18030-2022 moved are in them.
fn gbk_two_bytes(c: char) -> Option<[u8; 2]> {
    if c.is_ascii() || is_private_use(c) || moved_in_2022(c) {
        return None;
    }
    let mut buffer = [0u8; 4];
    let (bytes, _, unmappable) = encoding_rs::GB18030.encode(c.encode_utf8(&mut buffer));
    match *bytes {
        [b0, b1] if !unmappable => Some([b0, b1]),
        _ => None,
    }
}

/// `text` in HZ-GB-2312 as Go's encoder writes it: ASCII as is (`~` doubled), each run of
/// GB2312 characters between `~{` and `~}` as their GBK bytes less 0x80 (each byte 0x21 to
/// 0x7E), with no `~}` after a run that ends the text; `None` at a character outside GB2312.
pub(super) fn encode_hz(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut in_gb = false;
    for c in text.chars() {
        if c == '~' {
            out.extend_from_slice(b"~~");
        } else if c.is_ascii() {
            if in_gb {
                out.extend_from_slice(b"~}");
                in_gb = false;
            }
            out.push(c as u8);
        } else {
            let [b0, b1] = gbk_two_bytes(c)?;
            let (c0, c1) = (b0.wrapping_sub(0x80), b1.wrapping_sub(0x80));
            if !(0x21..0x7e).contains(&c0) || !(0x21..0x7f).contains(&c1) {
                return None;
            }
            if !in_gb {
                out.extend_from_slice(b"~{");
                in_gb = true;
            }
            out.extend_from_slice(&[c0, c1]);
        }
    }
    Some(out)
}

/// `bytes` as Go's HZ-GB-2312 decoder reads them (`~{` and `~}` switch modes, `~~` is `~`,
/// `~` and a newline are nothing), or `None` where it gives U+FFFD: a byte over 0x7F, any
/// other `~` sequence, a pair outside GB2312's rows or an odd byte in GB mode.
pub(super) fn decode_hz(bytes: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len());
    let mut in_gb = false;
    let mut at = 0;
    while at < bytes.len() {
        let c0 = bytes[at];
        if !c0.is_ascii() {
            return None;
        }
        if c0 == b'~' {
            match bytes.get(at + 1)? {
                b'{' => in_gb = true,
                b'}' => in_gb = false,
                b'~' => out.push('~'),
                b'\n' => {}
                _ => return None,
            }
            at += 2;
        } else if in_gb {
            let c1 = *bytes.get(at + 1)?;
            if !(0x21..0x7e).contains(&c0) || !(0x21..0x7f).contains(&c1) {
                return None;
            }
            out.push(gbk_pair([c0 + 0x80, c1 + 0x80])?);
            at += 2;
        } else {
            out.push(char::from(c0));
            at += 1;
        }
    }
    Some(out)
}

/// `text` in GBK (`four_bytes == false`) or GB18030, or `None` at a character Go's
/// encoder refuses (GBK only: GB18030 encodes every scalar value).
pub(super) fn encode_gbk(text: &str, four_bytes: bool) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
            continue;
        }
        if !four_bytes && c == '€' {
            out.push(0x80);
            continue;
        }
        if let Some(pair) = gbk_two_bytes(c) {
            out.extend_from_slice(&pair);
            continue;
        }
        if !four_bytes {
            return None;
        }
        let code = u32::from(c);
        let pointer = if code < 0x10000 {
            let at = GB18030_RANGES.partition_point(|&(_, start)| u32::from(start) <= code);
            let (pointer, start) = GB18030_RANGES[at - 1];
            code + u32::from(pointer) - u32::from(start)
        } else {
            code - 0x10000 + 189_000
        };
        out.extend(four_byte_code(pointer));
    }
    Some(out)
}

/// The four bytes of GB18030 linear `pointer`.
fn four_byte_code(pointer: u32) -> [u8; 4] {
    let b3 = (pointer % 10) as u8 + 0x30;
    let rest = pointer / 10;
    let b2 = (rest % 126) as u8 + 0x81;
    let rest = rest / 126;
    let b1 = (rest % 10) as u8 + 0x30;
    let b0 = (rest / 10) as u8 + 0x81;
    [b0, b1, b2, b3]
}

/// `bytes` as Go's GBK (`four_bytes == false`) or GB18030 decoder reads them, or `None`
/// where it gives U+FFFD.
pub(super) fn decode_gbk(bytes: &[u8], four_bytes: bool) -> Option<String> {
    let mut out = String::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let c0 = bytes[at];
        match c0 {
            0..=0x7f => {
                out.push(char::from(c0));
                at += 1;
            }
            0x80 => {
                out.push('€');
                at += 1;
            }
            0xff => return None,
            _ => {
                let c1 = *bytes.get(at + 1)?;
                if four_bytes && (0x30..0x40).contains(&c1) {
                    let (&c2, &c3) = (bytes.get(at + 2)?, bytes.get(at + 3)?);
                    if !(0x81..0xff).contains(&c2) || !(0x30..0x3a).contains(&c3) {
                        return None;
                    }
                    let pointer = ((u32::from(c0 - 0x81) * 10 + u32::from(c1 - 0x30)) * 126
                        + u32::from(c2 - 0x81))
                        * 10
                        + u32::from(c3 - 0x30);
                    out.push(gb18030_four_byte(pointer)?);
                    at += 4;
                } else {
                    out.push(gbk_pair([c0, c1])?);
                    at += 2;
                }
            }
        }
    }
    Some(out)
}

/// The code point of a four-byte GB18030 code, as Go's decoder computes it.
fn gb18030_four_byte(pointer: u32) -> Option<char> {
    if pointer < 39420 {
        let at = GB18030_RANGES.partition_point(|&(start, _)| u32::from(start) <= pointer);
        let (start, code) = GB18030_RANGES[at - 1];
        return char::from_u32(pointer + u32::from(code) - u32::from(start));
    }
    let offset = pointer.checked_sub(189_000).filter(|&r| r < 0x10_0000)?;
    char::from_u32(offset + 0x10000)
}

/// Pointers in the Big5 index.
const BIG5_POINTERS: u16 = 126 * 157;

/// Go's Big5 reverse table: each code point at its last position in the index.
fn big5_reverse() -> &'static HashMap<char, [u8; 2]> {
    static TABLE: OnceLock<HashMap<char, [u8; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::with_capacity(20_000);
        for pointer in 0..BIG5_POINTERS {
            let lead = (pointer / 157) as u8 + 0x81;
            let trail = (pointer % 157) as u8;
            let trail = if trail < 0x3f {
                trail + 0x40
            } else {
                trail + 0x62
            };
            let bytes = [lead, trail];
            let Some(text) =
                encoding_rs::BIG5.decode_without_bom_handling_and_without_replacement(&bytes)
            else {
                continue;
            };
            let mut chars = text.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                table.insert(c, [lead, trail]);
            }
        }
        table
    })
}

/// `text` in Big5, or `None` at a character Go's encoder refuses.
pub(super) fn encode_big5(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else {
            out.extend(big5_reverse().get(&c)?);
        }
    }
    Some(out)
}

/// Go's `gb18030` table (WHATWG's index-gb18030-ranges): each entry is the first
/// four-byte pointer of a run and the code point it stands for; the code points of a
/// run follow one another.
const GB18030_RANGES: [(u16, u16); 206] = [
    (0, 0x0080),
    (36, 0x00a5),
    (38, 0x00a9),
    (45, 0x00b2),
    (50, 0x00b8),
    (81, 0x00d8),
    (89, 0x00e2),
    (95, 0x00eb),
    (96, 0x00ee),
    (100, 0x00f4),
    (103, 0x00f8),
    (104, 0x00fb),
    (105, 0x00fd),
    (109, 0x0102),
    (126, 0x0114),
    (133, 0x011c),
    (148, 0x012c),
    (172, 0x0145),
    (175, 0x0149),
    (179, 0x014e),
    (208, 0x016c),
    (306, 0x01cf),
    (307, 0x01d1),
    (308, 0x01d3),
    (309, 0x01d5),
    (310, 0x01d7),
    (311, 0x01d9),
    (312, 0x01db),
    (313, 0x01dd),
    (341, 0x01fa),
    (428, 0x0252),
    (443, 0x0262),
    (544, 0x02c8),
    (545, 0x02cc),
    (558, 0x02da),
    (741, 0x03a2),
    (742, 0x03aa),
    (749, 0x03c2),
    (750, 0x03ca),
    (805, 0x0402),
    (819, 0x0450),
    (820, 0x0452),
    (7922, 0x2011),
    (7924, 0x2017),
    (7925, 0x201a),
    (7927, 0x201e),
    (7934, 0x2027),
    (7943, 0x2031),
    (7944, 0x2034),
    (7945, 0x2036),
    (7950, 0x203c),
    (8062, 0x20ad),
    (8148, 0x2104),
    (8149, 0x2106),
    (8152, 0x210a),
    (8164, 0x2117),
    (8174, 0x2122),
    (8236, 0x216c),
    (8240, 0x217a),
    (8262, 0x2194),
    (8264, 0x219a),
    (8374, 0x2209),
    (8380, 0x2210),
    (8381, 0x2212),
    (8384, 0x2216),
    (8388, 0x221b),
    (8390, 0x2221),
    (8392, 0x2224),
    (8393, 0x2226),
    (8394, 0x222c),
    (8396, 0x222f),
    (8401, 0x2238),
    (8406, 0x223e),
    (8416, 0x2249),
    (8419, 0x224d),
    (8424, 0x2253),
    (8437, 0x2262),
    (8439, 0x2268),
    (8445, 0x2270),
    (8482, 0x2296),
    (8485, 0x229a),
    (8496, 0x22a6),
    (8521, 0x22c0),
    (8603, 0x2313),
    (8936, 0x246a),
    (8946, 0x249c),
    (9046, 0x254c),
    (9050, 0x2574),
    (9063, 0x2590),
    (9066, 0x2596),
    (9076, 0x25a2),
    (9092, 0x25b4),
    (9100, 0x25be),
    (9108, 0x25c8),
    (9111, 0x25cc),
    (9113, 0x25d0),
    (9131, 0x25e6),
    (9162, 0x2607),
    (9164, 0x260a),
    (9218, 0x2641),
    (9219, 0x2643),
    (11329, 0x2e82),
    (11331, 0x2e85),
    (11334, 0x2e89),
    (11336, 0x2e8d),
    (11346, 0x2e98),
    (11361, 0x2ea8),
    (11363, 0x2eab),
    (11366, 0x2eaf),
    (11370, 0x2eb4),
    (11372, 0x2eb8),
    (11375, 0x2ebc),
    (11389, 0x2ecb),
    (11682, 0x2ffc),
    (11686, 0x3004),
    (11687, 0x3018),
    (11692, 0x301f),
    (11694, 0x302a),
    (11714, 0x303f),
    (11716, 0x3094),
    (11723, 0x309f),
    (11725, 0x30f7),
    (11730, 0x30ff),
    (11736, 0x312a),
    (11982, 0x322a),
    (11989, 0x3232),
    (12102, 0x32a4),
    (12336, 0x3390),
    (12348, 0x339f),
    (12350, 0x33a2),
    (12384, 0x33c5),
    (12393, 0x33cf),
    (12395, 0x33d3),
    (12397, 0x33d6),
    (12510, 0x3448),
    (12553, 0x3474),
    (12851, 0x359f),
    (12962, 0x360f),
    (12973, 0x361b),
    (13738, 0x3919),
    (13823, 0x396f),
    (13919, 0x39d1),
    (13933, 0x39e0),
    (14080, 0x3a74),
    (14298, 0x3b4f),
    (14585, 0x3c6f),
    (14698, 0x3ce1),
    (15583, 0x4057),
    (15847, 0x4160),
    (16318, 0x4338),
    (16434, 0x43ad),
    (16438, 0x43b2),
    (16481, 0x43de),
    (16729, 0x44d7),
    (17102, 0x464d),
    (17122, 0x4662),
    (17315, 0x4724),
    (17320, 0x472a),
    (17402, 0x477d),
    (17418, 0x478e),
    (17859, 0x4948),
    (17909, 0x497b),
    (17911, 0x497e),
    (17915, 0x4984),
    (17916, 0x4987),
    (17936, 0x499c),
    (17939, 0x49a0),
    (17961, 0x49b8),
    (18664, 0x4c78),
    (18703, 0x4ca4),
    (18814, 0x4d1a),
    (18962, 0x4daf),
    (19043, 0x9fa6),
    (33469, 0xe76c),
    (33470, 0xe7c8),
    (33471, 0xe7e7),
    (33484, 0xe815),
    (33485, 0xe819),
    (33490, 0xe81f),
    (33497, 0xe827),
    (33501, 0xe82d),
    (33505, 0xe833),
    (33513, 0xe83c),
    (33520, 0xe844),
    (33536, 0xe856),
    (33550, 0xe865),
    (37845, 0xf92d),
    (37921, 0xf97a),
    (37948, 0xf996),
    (38029, 0xf9e8),
    (38038, 0xf9f2),
    (38064, 0xfa10),
    (38065, 0xfa12),
    (38066, 0xfa15),
    (38069, 0xfa19),
    (38075, 0xfa22),
    (38076, 0xfa25),
    (38078, 0xfa2a),
    (39108, 0xfe32),
    (39109, 0xfe45),
    (39113, 0xfe53),
    (39114, 0xfe58),
    (39115, 0xfe67),
    (39116, 0xfe6c),
    (39265, 0xff5f),
    (39394, 0xffe6),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_byte_codes_round_trip() {
        // From Terraform: U+1E3F is 8135F437 in Go's GB18030, U+E000 83389837.
        assert_eq!(
            encode_gbk("\u{1e3f}", true),
            Some(vec![0x81, 0x35, 0xf4, 0x37])
        );
        assert_eq!(
            encode_gbk("\u{e000}", true),
            Some(vec![0x83, 0x38, 0x98, 0x37])
        );
        assert_eq!(encode_gbk("\u{e000}", false), None);
        // Go's four-byte codes of private-use characters do not decode back to them
        // (its ranges leave them out), so the round trip holds for the rest only.
        for text in ["\u{1e3f}", "😀", "中文", "€"] {
            let bytes = encode_gbk(text, true).unwrap();
            assert_eq!(decode_gbk(&bytes, true).as_deref(), Some(text));
        }
    }

    #[test]
    fn big5_takes_the_last_position() {
        // 者 is at 8ECD and at AACC: Go (like iconv) writes AACC.
        assert_eq!(encode_big5("者"), Some(vec![0xaa, 0xcc]));
    }
}
