//! Links the `terrace` binary as a fixed-address executable: see the comment in Cargo.toml.

fn main() {
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
