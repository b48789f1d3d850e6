#!/usr/bin/env python3
"""Records text_encodings.txt: Terraform 1.15.5's `textencodebase64` and `textdecodebase64`
with the multi-byte encodings of Go's ianaindex (Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR,
GBK, GB18030, Big5, and HZ-GB-2312, whose cases come last).

Exhaustive cases are Terraform expressions that encode every code point of a range, or
decode every byte sequence of a shape, and hash the joined results ("!" where the
function fails); they go to crates/functions/tests/data/text_encodings_exhaustive.txt,
whose test (charset_cjk.rs) computes the same natively. The rest go to text_encodings.txt.
Byte sequences are built as ISO-8859-1 text (one character per byte). Explicit cases
record full values and errors.

Run from the repository root: python3 crates/eval/tests/data/functions/record_text_encodings.py
It needs ../shared/oracle/tf-console (Terraform itself); tests never run it.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "../../../../../../shared/oracle/tf-console")

ENCODINGS = ["Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "GBK", "GB18030", "Big5"]


def chars(*codes):
    """A Terraform expression for the string of the given code-point expressions (< 0x10000)."""
    fmt = "".join("\\\\u%04x" for _ in codes)
    return f'jsondecode(format("\\"{fmt}\\"", {", ".join(codes)}))'


def latin1_bytes(*codes):
    """A Base64 expression for the bytes given as expressions."""
    return f'textencodebase64({chars(*codes)}, "ISO-8859-1")'


def hashed(outer, inner, item):
    """sha256 of the results of `item` over `outer` x `inner` (two for-ranges)."""
    return (f'sha256(join(",", [for a in {outer} : join(",", [for b in {inner} : '
            f'try({item}, "!")])]))')


def bmp_encode(enc):
    return hashed("[for x in range(0, 256) : x if x < 216 || x >= 224]", "range(0, 256)",
                  f'textencodebase64({chars("a * 256 + b")}, "{enc}")')


def supplementary_encode(enc):
    # Planes 1 and 2 (U+10000 to U+2FFFF), as surrogate pairs in JSON.
    cp = "(65536 + a * 256 + b)"
    c = chars(f"55296 + floor(({cp} - 65536) / 1024)", f"56320 + ({cp} - 65536) % 1024")
    return hashed("range(0, 512)", "range(0, 256)", f'textencodebase64({c}, "{enc}")')


def pairs_decode(enc):
    return hashed("range(0, 256)", "range(0, 256)",
                  f'textdecodebase64({latin1_bytes("a", "b")}, "{enc}")')


def prefixed_decode(enc, *prefix):
    codes = [str(p) for p in prefix] + ["a", "b"]
    return hashed("range(0, 256)", "range(0, 256)",
                  f'textdecodebase64({latin1_bytes(*codes)}, "{enc}")')


def gb18030_four_bytes(leads):
    # a: lead byte index x second byte (0x30..0x39); b: third byte x fourth byte.
    lead_list = "[" + ", ".join(str(l) for l in leads) + "]"
    return (f'sha256(join(",", [for a in range(0, {10 * len(leads)}) : join(",", [for c in range(0, 126) : join(",", [for d in range(0, 10) : '
            f'try(textdecodebase64({latin1_bytes(f"{lead_list}[floor(a / 10)]", "48 + a % 10", "129 + c", "48 + d")}, "GB18030"), "!")])])]))')


CASES = []
for enc in ENCODINGS:
    CASES.append((f"{enc} encodes every BMP code point", bmp_encode(enc)))
    CASES.append((f"{enc} encodes planes 1 and 2", supplementary_encode(enc)))
    CASES.append((f"{enc} decodes every byte pair", pairs_decode(enc)))
CASES += [
    ("EUC-JP decodes every 8F triple", prefixed_decode("EUC-JP", 0x8f)),
    ("ISO-2022-JP decodes every pair after ESC $ B", prefixed_decode("ISO-2022-JP", 0x1b, 0x24, 0x42)),
    ("ISO-2022-JP decodes every pair after ESC $ ( D", prefixed_decode("ISO-2022-JP", 0x1b, 0x24, 0x28, 0x44)),
    ("ISO-2022-JP decodes every pair after ESC ( I", prefixed_decode("ISO-2022-JP", 0x1b, 0x28, 0x49)),
    ("ISO-2022-JP decodes every escape", hashed("range(0, 256)", "range(0, 256)",
        f'textdecodebase64({latin1_bytes("27", "a", "b", "65", "10", "66")}, "ISO-2022-JP")')),
    ("GB18030 decodes four-byte codes", gb18030_four_bytes([0x81, 0x82, 0x83, 0x84, 0x85, 0x8f, 0x90, 0x95, 0xe3, 0xe4, 0xfe])),
    ("issue example", 'textdecodebase64("gqA=", "SHIFT_JIS")'),
    ("shift_jis round trip", 'textdecodebase64(textencodebase64("日本語のテキスト、ｶﾀｶﾅ and ASCII", "Shift_JIS"), "Shift_JIS")'),
    ("shift_jis bytes", 'textencodebase64("日本語のテキスト、ｶﾀｶﾅ and ASCII", "Shift_JIS")'),
    ("shift_jis name lower case with spaces", 'textencodebase64("あ", " shift_jis ")'),
    ("shift_jis alias MS_Kanji", 'textencodebase64("あ", "MS_Kanji")'),
    ("shift_jis alias csShiftJIS", 'textencodebase64("あ", "CSSHIFTJIS")'),
    ("shift_jis unmappable", 'textencodebase64("あ€", "Shift_JIS")'),
    ("shift_jis yen sign", 'textencodebase64("¥", "Shift_JIS")'),
    ("shift_jis empty", 'textencodebase64("", "Shift_JIS")'),
    ("shift_jis decode empty", 'textdecodebase64("", "Shift_JIS")'),
    ("shift_jis truncated lead byte", 'textdecodebase64("gg==", "Shift_JIS")'),
    ("shift_jis user-defined area", 'textdecodebase64("8EA=", "Shift_JIS")'),
    ("shift_jis invalid base64", 'textdecodebase64("gqA", "Shift_JIS")'),
    ("euc-jp long name", 'textencodebase64("¡あ", "Extended_UNIX_Code_Packed_Format_for_Japanese")'),
    ("euc-jp alias", 'textencodebase64("ｱ", "csEUCPkdFmtJapanese")'),
    ("euc-jp unmappable", 'textencodebase64("😀", "EUC-JP")'),
    ("iso-2022-jp modes", 'textencodebase64("aあｱb漢字\\n", "ISO-2022-JP")'),
    ("iso-2022-jp ends in kanji", 'textencodebase64("漢字", "csISO2022JP")'),
    ("iso-2022-jp decode newline resets", 'textdecodebase64("GyRCNEEKYQ==", "ISO-2022-JP")'),
    ("iso-2022-jp unmappable", 'textencodebase64("a¡", "ISO-2022-JP")'),
    ("euc-kr", 'textencodebase64("한국어 텍스트", "EUC-KR")'),
    ("euc-kr alias", 'textdecodebase64(textencodebase64("한국어", "csEUCKR"), "euc-kr")'),
    ("euc-kr unmappable", 'textencodebase64("日本語のテキスト", "EUC-KR")'),
    ("gbk", 'textencodebase64("中文文本 €", "GBK")'),
    ("gbk aliases", 'jsonencode([for n in ["CP936", "MS936", "windows-936", "csGBK"] : textencodebase64("中文", n)])'),
    ("gbk euro", 'textdecodebase64("gA==", "GBK")'),
    ("gbk private use", 'textencodebase64("\\ue000", "GBK")'),
    ("gbk emoji", 'textencodebase64("😀", "GBK")'),
    ("gb18030 euro", 'textencodebase64("€", "GB18030")'),
    ("gb18030 emoji", 'textencodebase64("😀", "csGB18030")'),
    ("gb18030 2022 change", 'textencodebase64("\\u1e3f\\ufe10\\u9fb4", "GB18030")'),
    ("gb18030 four bytes", 'textdecodebase64("lDnaMw==", "GB18030")'),
    ("big5", 'textencodebase64("繁體中文", "Big5")'),
    ("big5 last position", 'textencodebase64("者", "csBig5")'),
    ("big5 two code points", 'textdecodebase64("iGKIZA==", "Big5")'),
    ("big5 unmappable", 'textencodebase64("简体", "Big5")'),
    ("gb2312 is not supported", 'textencodebase64("中", "GB2312")'),
    # HZ-GB-2312 (its exhaustive cases too: appended after the others when it was added).
    ("HZ-GB-2312 encodes every BMP code point", bmp_encode("HZ-GB-2312")),
    ("HZ-GB-2312 encodes planes 1 and 2", supplementary_encode("HZ-GB-2312")),
    ("HZ-GB-2312 decodes every byte pair", pairs_decode("HZ-GB-2312")),
    ("HZ-GB-2312 decodes every pair after ~{", prefixed_decode("HZ-GB-2312", 0x7e, 0x7b)),
    ('hz-gb-2312 mixed', 'textencodebase64("中文 text ~ 中", "HZ-GB-2312")'),
    ('hz-gb-2312 lower case name', 'textencodebase64("a中b", " hz-gb-2312 ")'),
    ('hz-gb-2312 ends in gb mode', 'textencodebase64("中文", "HZ-GB-2312")'),
    ('hz-gb-2312 tilde in gb mode', 'textencodebase64("中~文", "HZ-GB-2312")'),
    ('hz-gb-2312 euro', 'textencodebase64("a€", "HZ-GB-2312")'),
    ('hz-gb-2312 gbk-only character', 'textencodebase64("丂", "HZ-GB-2312")'),
    ('hz-gb-2312 emoji', 'textencodebase64("😀", "HZ-GB-2312")'),
    ("hz-gb-2312 round trip", 'textdecodebase64(textencodebase64("中文 ~ text\\n第二行", "HZ-GB-2312"), "HZ-GB-2312")'),
    ('hz-gb-2312 decode', 'textdecodebase64("fntWUH59YWJ+fmM=", "HZ-GB-2312")'),
    ('hz-gb-2312 decode line continuation', 'textdecodebase64("YX4KYg==", "HZ-GB-2312")'),
    ('hz-gb-2312 decode bad escape', 'textdecodebase64("YX54Yg==", "HZ-GB-2312")'),
    ('hz-gb-2312 decode trailing tilde', 'textdecodebase64("YX4=", "HZ-GB-2312")'),
    ('hz-gb-2312 decode high byte', 'textdecodebase64("YdbQ", "HZ-GB-2312")'),
    ('hz-gb-2312 decode odd byte in gb mode', 'textdecodebase64("fntWUFY=", "HZ-GB-2312")'),
    ('hz-gb-2312 decode newline in gb mode', 'textdecodebase64("fntWUAp+fQ==", "HZ-GB-2312")'),
    ('hz-gb-2312 decode close in ascii mode', 'textdecodebase64("YX59Yn57fntWUA==", "HZ-GB-2312")'),
    ('hz-gb-2312 decode empty', 'textdecodebase64("", "HZ-GB-2312")'),
    ('hz-gb-2312 csHZGB2312 is no alias', 'textencodebase64("a", "csHZGB2312")'),
]


def oracle(expr):
    p = subprocess.run([ORACLE, expr], capture_output=True, text=True, cwd="/tmp")
    if p.returncode == 0:
        return "=> " + p.stdout.strip()
    for line in p.stderr.splitlines():
        line = line.strip("│╷╵ ")
        if line.startswith("Error: "):
            return "error: " + line[len("Error: "):]
    sys.exit(f"oracle failed for {expr}: {p.stderr}")


def exhaustive(name):
    return " every " in name or "planes 1 and 2" in name or "four-byte codes" in name


def main():
    exhaustive_out = ["# textencodebase64 / textdecodebase64 over whole ranges: Terraform 1.15.5's answers, hashed.",
                      "# Recorded by crates/eval/tests/data/functions/record_text_encodings.py; do not edit by hand.",
                      "# Each expression maps a range through the function (\"!\" where it fails), joins with \",\" and",
                      "# hashes; charset_cjk.rs's tests compute the same natively (the evaluator is too slow for it).", ""]
    out = ["# textencodebase64 / textdecodebase64 with Go's multi-byte encodings: Terraform 1.15.5's answers.",
           "# Recorded by record_text_encodings.py from the oracle; do not edit by hand.", ""]
    for name, expr in CASES:
        result = oracle(expr)
        (exhaustive_out if exhaustive(name) else out).extend([f"--- {name} ---", expr, result, ""])
        print(name, result[:70], file=sys.stderr)
    with open(os.path.join(HERE, "text_encodings.txt"), "w") as f:
        f.write("\n".join(out))
    with open(os.path.join(HERE, "../../../../functions/tests/data/text_encodings_exhaustive.txt"), "w") as f:
        f.write("\n".join(exhaustive_out))


if __name__ == "__main__":
    main()
