//! Micro-benchmarks: converting a 100 000-element mixed tuple to `list(string)`, and
//! building a 100 000-entry map by repeated insertion. Prints the time per element,
//! wall-clock and on-CPU (from `/proc/thread-self/schedstat`, when there is one: the
//! machine may be shared, and the CPU time is what the code costs).
//! `cargo bench -p terrace-types --bench convert -- map` runs the cases whose name
//! contains `map`.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use terrace_types::{Key, Repr, Type, Value, convert};

const N: usize = 100_000;
const RUNS: u32 = 5;

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));

    let name = "convert: mixed tuple to list(string)";
    if wanted(name) {
        let tuple = Value::tuple((0..N).map(|i| {
            if i % 2 == 0 {
                Value::int(i as i64)
            } else {
                Value::string(format!("s{i}"))
            }
        }));
        let want = Type::list(Type::String);
        report(
            name,
            best_of(|| {
                let list = convert(black_box(&tuple), &want).unwrap();
                assert_eq!(list.length(), Some(N));
            }),
        );
    }

    let keys: Vec<Key> = (0..N).map(|i| Key::from(format!("key{i:06}"))).collect();
    let name = "map: insert one entry at a time into the only copy";
    if wanted(name) {
        report(
            name,
            best_of(|| {
                let mut map = Value::map(Type::Number, Vec::<(Key, Value)>::new());
                for (i, key) in keys.iter().enumerate() {
                    map = map.map_insert(key.clone(), Value::int(i as i64));
                }
                assert_eq!(map.length(), Some(N));
            }),
        );
    }
    let name = "map: persistent insert, a new version per entry";
    if wanted(name) {
        report(
            name,
            best_of(|| {
                let mut map = Value::map(Type::Number, Vec::<(Key, Value)>::new());
                for (i, key) in keys.iter().enumerate() {
                    map = persistent_insert(&map, key.clone(), Value::int(i as i64));
                }
                assert_eq!(map.length(), Some(N));
            }),
        );
    }
}

/// A new map with one more entry, sharing structure with `map`, which stays unchanged.
fn persistent_insert(map: &Value, key: Key, value: Value) -> Value {
    let attrs = map.as_attrs().unwrap().update(key, value);
    Value::from_parts(map.ty().clone(), Repr::Attrs(attrs), map.marks())
}

/// The best of `RUNS` runs: (wall-clock, CPU time of this thread when known).
fn best_of(mut f: impl FnMut()) -> (Duration, Option<Duration>) {
    let mut best: Option<(Duration, Option<Duration>)> = None;
    for _ in 0..RUNS {
        let (cpu_start, start) = (thread_cpu_time(), Instant::now());
        f();
        let wall = start.elapsed();
        let cpu = thread_cpu_time()
            .zip(cpu_start)
            .map(|(end, start)| end.saturating_sub(start));
        best = Some(match best {
            None => (wall, cpu),
            Some((w, c)) => (w.min(wall), c.zip(cpu).map(|(a, b)| a.min(b)).or(cpu)),
        });
    }
    best.unwrap()
}

/// Time this thread has spent on a CPU (Linux), in nanoseconds.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn report(name: &str, (wall, cpu): (Duration, Option<Duration>)) {
    let per = |d: Duration| d.as_nanos() as f64 / N as f64;
    let cpu = cpu.map_or(String::new(), |c| {
        format!(", on CPU {c:?} = {:.1} ns/element", per(c))
    });
    println!(
        "{name}: {N} elements, wall {wall:?} = {:.1} ns/element{cpu} (best of {RUNS})",
        per(wall)
    );
}
