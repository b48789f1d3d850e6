//! No input makes the parser panic: every prefix of every test input, and
//! seeded random mutations and splices of them (deterministic, a few seconds).

use terrace_syntax::{
    dump, dump_body, highlight, parse_body, parse_body_bytes, parse_expr, parse_template,
    references,
};

/// The test inputs: data files and a set of expression snippets.
fn inputs() -> Vec<String> {
    let data = crate::data::data_dir();
    let mut inputs: Vec<String> = ["ok", "err"]
        .iter()
        .flat_map(|dir| crate::data::files(&data.join(dir)))
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    inputs.extend(
        [
            "a.*.b[0] + f(x...)[1] * -2 ? {for k, v in m : k => v...} : [for x in y : x if x]",
            "\"a ${b} %{ if c ~}d%{ else }e%{ endif } %{ for x in y }${x}%{ endfor }\"",
            "<<-EOT\n  a ${b}\n  %{ if c }d%{ endif }\n  EOT\n",
            "{a = 1, \"b\" = [2, 3], (c) = core::upper(\"\\u00e9\\n\")}",
            "x[*].y.*.z[\"k\"].0",
        ]
        .iter()
        .map(|src| (*src).to_owned()),
    );
    inputs
}

fn exercise(src: &str) {
    let (body, _) = parse_body(src);
    let _ = dump_body(&body);
    if let Ok(expr) = parse_expr(src) {
        let _ = dump(&expr);
        let _ = references(&expr);
    }
    let _ = parse_template(src);
    let _ = highlight(src);
}

#[test]
fn every_prefix_of_every_input() {
    for src in inputs() {
        for end in 0..=src.len() {
            if src.is_char_boundary(end) {
                exercise(&src[..end]);
            }
            let _ = parse_body_bytes(&src.as_bytes()[..end]);
        }
    }
}

/// xorshift64*: a tiny deterministic generator, no dependency needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const FRAGMENTS: &[&str] = &[
    "{", "}", "[", "]", "(", ")", "\"", "${", "%{", "~", "}", "\n", "\r\n", "<<EOT\n", "\nEOT\n",
    "<<-", "*", ".", "...", "=>", "=", "==", "?", ":", ",", "#", "//", "/*", "*/", "\\", "\\u",
    "for ", " in ", " if ", "endif", "else", "endfor", "-", "!", "1.5e", "é", "\u{feff}", "::",
    "\0", "\t", "$$", "%%",
];

fn mutate(rng: &mut Rng, src: &[u8], others: &[String]) -> Vec<u8> {
    let mut bytes = src.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(5) {
            0 => {
                let len = rng.below(8).min(bytes.len() - at);
                bytes.drain(at..at + len);
            }
            1 => {
                let fragment = FRAGMENTS[rng.below(FRAGMENTS.len())];
                bytes.splice(at..at, fragment.bytes());
            }
            2 => {
                let other = others[rng.below(others.len())].as_bytes();
                let start = rng.below(other.len());
                let len = rng.below(64).min(other.len() - start);
                bytes.splice(at..at, other[start..start + len].iter().copied());
            }
            3 => {
                let len = rng.below(16).min(bytes.len() - at);
                let copy: Vec<u8> = bytes[at..at + len].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => {
                if at < bytes.len() {
                    bytes[at] = rng.next() as u8;
                }
            }
        }
    }
    bytes
}

#[test]
fn random_mutations_and_splices() {
    let inputs = inputs();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3_000 {
        let src = inputs[rng.below(inputs.len())].as_bytes();
        let mutated = mutate(&mut rng, src, &inputs);
        let _ = parse_body_bytes(&mutated);
        exercise(&String::from_utf8_lossy(&mutated));
    }
}

/// A dropped tree's vectors and boxes are reused by the next parse on the
/// thread, and the tree built in them is the one a fresh parse builds.
#[test]
fn reparsing_after_a_drop_reuses_the_room_and_builds_the_same_tree() {
    const FIRST: &str = "resource \"aws_instance\" \"web\" {\n  ami   = var.images[\"web\"]\n  tags  = merge(local.tags, { Name = \"web-${count.index}\" })\n  count = var.enabled ? length(var.zones) : 0\n}\n";
    const SECOND: &str = "locals {\n  zones = [for z in data.aws_availability_zones.all.names : upper(z) if z != \"x\"]\n  first = -local.zones[0].id\n}\n";
    std::thread::spawn(|| {
        let fresh_second = terrace_syntax::dump_body_verbose(&terrace_syntax::parse_body(SECOND).0);
        let (first, errors) = terrace_syntax::parse_body(FIRST);
        assert!(errors.is_empty());
        let fresh_first = terrace_syntax::dump_body_verbose(&first);
        let room = first.items.as_ptr();
        drop(first);
        // The top-level item vector is the last spare given back.
        let (again, _) = terrace_syntax::parse_body(FIRST);
        assert_eq!(again.items.as_ptr(), room);
        assert_eq!(terrace_syntax::dump_body_verbose(&again), fresh_first);
        drop(again);
        let (second, _) = terrace_syntax::parse_body(SECOND);
        assert_eq!(terrace_syntax::dump_body_verbose(&second), fresh_second);
    })
    .join()
    .expect("the parsing thread panicked");
}
