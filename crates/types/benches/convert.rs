//! Micro-benchmarks: converting a 100 000-element mixed tuple to `list(string)`, and
//! building a 100 000-entry map by repeated insertion. Prints the time per element.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use terrace_types::{Key, Repr, Type, Value, convert};

const N: usize = 100_000;
const RUNS: u32 = 5;

fn main() {
    let tuple = Value::tuple((0..N).map(|i| {
        if i % 2 == 0 {
            Value::int(i as i64)
        } else {
            Value::string(format!("s{i}"))
        }
    }));
    let want = Type::list(Type::String);
    let best = best_of(|| {
        let list = convert(black_box(&tuple), &want).unwrap();
        assert_eq!(list.length(), Some(N));
    });
    report("convert mixed tuple -> list(string)", best);

    let keys: Vec<Key> = (0..N).map(|i| Key::from(format!("key{i:06}"))).collect();
    let best = best_of(|| {
        let mut map = Value::map(Type::Number, Vec::<(Key, Value)>::new());
        for (i, key) in keys.iter().enumerate() {
            map = insert(map, key.clone(), Value::int(i as i64));
        }
        assert_eq!(map.length(), Some(N));
    });
    report("map(number): insert one entry at a time", best);
}

/// `map` with one more entry, sharing the rest (what `merge` or a `for` expression does).
fn insert(map: Value, key: Key, value: Value) -> Value {
    let (ty, attrs) = match map.repr() {
        Repr::Attrs(attrs) => (map.ty().clone(), attrs.update(key, value)),
        _ => unreachable!("a known map"),
    };
    Value::from_parts(ty, Repr::Attrs(attrs), map.marks())
}

fn best_of(mut f: impl FnMut()) -> Duration {
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn report(name: &str, total: Duration) {
    let per = total.as_nanos() as f64 / N as f64;
    println!("{name}: {total:?} for {N} elements, {per:.1} ns/element (best of {RUNS})");
}
