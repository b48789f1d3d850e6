//! Micro-benchmarks of `Number`: small-integer add and multiply (the inline fast path),
//! 512-bit division, parsing and printing, and the extremes (`1e999999`, 100 000 digits).
//! Prints ns/op, wall-clock and on-CPU (from `/proc/thread-self/schedstat` when present: the
//! machine may be shared). `cargo bench -p terrace-types --bench number -- small` runs the
//! cases whose name contains `small`.
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use terrace_types::Number;

const RUNS: u32 = 5;

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));

    let ints: Vec<Number> = (0..1000).map(Number::from_i64).collect();
    let raw: Vec<i64> = (0..1000).collect();
    bench(&wanted, "small baseline: i64 add", 1_000_000, |n| {
        let mut acc = 0i64;
        for i in 0..n {
            acc = acc.wrapping_add(black_box(raw[i % 1000]));
        }
        black_box(acc);
    });
    bench(&wanted, "small int add", 1_000_000, |n| {
        let mut acc = Number::from_i64(0);
        for i in 0..n {
            acc = acc.add(black_box(&ints[i % 1000]));
        }
        black_box(acc);
    });
    bench(&wanted, "small int mul", 1_000_000, |n| {
        for i in 0..n {
            black_box(ints[i % 1000].mul(black_box(&ints[(i * 7) % 1000])));
        }
    });
    let one = Number::parse("1").unwrap();
    let divisors: Vec<Number> = (3..103)
        .map(|i| Number::parse(&i.to_string()).unwrap())
        .collect();
    bench(&wanted, "512-bit division (1 / n)", 100_000, |n| {
        for i in 0..n {
            black_box(one.div(black_box(&divisors[i % 100])).unwrap());
        }
    });
    let thirds: Vec<Number> = divisors.iter().map(|d| one.div(d).unwrap()).collect();
    bench(&wanted, "512-bit add", 100_000, |n| {
        for i in 0..n {
            black_box(thirds[i % 100].add(black_box(&thirds[(i + 1) % 100])));
        }
    });
    bench(&wanted, "512-bit mul", 100_000, |n| {
        for i in 0..n {
            black_box(thirds[i % 100].mul(black_box(&thirds[(i + 1) % 100])));
        }
    });
    bench(&wanted, "parse small int literal", 1_000_000, |n| {
        for _ in 0..n {
            black_box(Number::parse(black_box("12345")).unwrap());
        }
    });
    bench(&wanted, "parse decimal literal 3.14159", 100_000, |n| {
        for _ in 0..n {
            black_box(Number::parse(black_box("3.14159")).unwrap());
        }
    });
    bench(&wanted, "print small int", 1_000_000, |n| {
        for i in 0..n {
            black_box(ints[i % 1000].to_string());
        }
    });
    bench(&wanted, "print 512-bit 1/n (155 digits)", 10_000, |n| {
        for i in 0..n {
            black_box(thirds[i % 100].to_string());
        }
    });
    bench(&wanted, "print 64-bit int ratio", 100_000, |n| {
        let third = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
        for _ in 0..n {
            black_box(third.to_string());
        }
    });
    bench(
        &wanted,
        "parse and print 1e999999 (a million digits)",
        1,
        |n| {
            for _ in 0..n {
                let text = Number::parse(black_box("1e999999")).unwrap().to_string();
                assert_eq!(text.len(), 1_000_000);
            }
        },
    );
    bench(&wanted, "parse and print 1e-999999", 1, |n| {
        for _ in 0..n {
            let text = Number::parse(black_box("1e-999999")).unwrap().to_string();
            assert_eq!(text.len(), 1_000_001);
        }
    });
    let long: String = (0..100_000)
        .map(|i| char::from(b'1' + (i % 9) as u8))
        .collect();
    bench(&wanted, "parse 100000-digit integer", 1, |n| {
        for _ in 0..n {
            black_box(Number::parse(black_box(&long)).unwrap());
        }
    });
    let fraction = format!("0.{long}");
    bench(&wanted, "parse 100000-digit fraction", 1, |n| {
        for _ in 0..n {
            black_box(Number::parse(black_box(&fraction)).unwrap());
        }
    });
}

/// Runs `f(n)` `RUNS` times and prints the best time per operation.
fn bench(wanted: &dyn Fn(&str) -> bool, name: &str, n: usize, mut f: impl FnMut(usize)) {
    if !wanted(name) {
        return;
    }
    let mut best: Option<(Duration, Option<Duration>)> = None;
    for _ in 0..RUNS {
        let (cpu_start, start) = (thread_cpu_time(), Instant::now());
        f(n);
        let wall = start.elapsed();
        let cpu = thread_cpu_time()
            .zip(cpu_start)
            .map(|(end, start)| end.saturating_sub(start));
        best = Some(match best {
            None => (wall, cpu),
            Some((w, c)) => (w.min(wall), c.zip(cpu).map(|(a, b)| a.min(b)).or(cpu)),
        });
    }
    let (wall, cpu) = best.unwrap();
    let per = |d: Duration| d.as_nanos() as f64 / n as f64;
    let cpu = cpu.map_or(String::new(), |c| format!(", on CPU {:.1} ns/op", per(c)));
    println!(
        "{name}: {n} ops, wall {:.1} ns/op{cpu} (best of {RUNS})",
        per(wall)
    );
}

/// Time this thread has spent on a CPU (Linux), in nanoseconds.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
