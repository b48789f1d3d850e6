//! Loads a configuration directory and prints its diagnostics, variables and outputs with the load time:
//! `cargo run --release -p terrace-eval --example load_module -- DIR [EXPR...]`.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::time::Instant;

use terrace_config::module::{LoadOptions, load_module};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: load_module DIR [EXPR...]");
        std::process::exit(2);
    };
    let options = LoadOptions::from_process_env();
    let start = Instant::now();
    let module = load_module(&dir, &options);
    let elapsed = start.elapsed();
    for diagnostic in module.diagnostics() {
        let place = diagnostic
            .file
            .map(|id| module.files().place(id, diagnostic.diagnostic.span))
            .unwrap_or_default();
        println!(
            "{:?} {place}: {}",
            diagnostic.diagnostic.severity, diagnostic.diagnostic
        );
    }
    print!("{}", module.render_vars());
    print!("{}", module.render_outputs());
    for expr in args {
        match terrace_syntax::parse_expr(&expr) {
            Ok(parsed) => {
                let scope = module.scope_for(&parsed);
                match terrace_eval::Evaluator::new().eval(&parsed, &scope) {
                    Ok(value) => println!("{expr} => {}", terrace_types::format_value(&value)),
                    Err(error) => println!("{expr} => error: {error}"),
                }
            }
            Err(error) => println!("{expr} => parse error: {error}"),
        }
    }
    eprintln!(
        "loaded {} files in {:.2?}",
        module.files().iter().count(),
        elapsed
    );
}
