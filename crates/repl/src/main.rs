//! The `terrace` binary.

fn main() {}
