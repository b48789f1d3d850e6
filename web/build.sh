#!/usr/bin/env bash
# Builds terrace for JavaScript: web/pkg (the npm package: the .wasm, wasm-bindgen's glue, our
# index.js and types) and web/dist (the playground, a static site).
#
# It installs what it needs itself, and only when missing, so a fresh machine, CI and a second
# run get the same result: Debian's Rust for wasm32 (rustc-web, cargo-web, lld, rust-web-src: rustup
# cannot add the wasm32 target here), wasm-bindgen-cli at the version in Cargo.lock (from
# crates.io, into target/tools), and the npm packages of web/package-lock.json (npm ci).
# rustup's toolchain is not touched: Debian's cargo and rustc are called by absolute path, and
# the build goes to its own target directory, target/wasm.
#
# Usage: web/build.sh [--pkg-only]     (TERRACE_WASM_TOOLS=DIR to keep wasm-bindgen elsewhere)
# It prints the seconds it took; a second run with nothing changed takes about a second.
set -euo pipefail

web=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$web")
cd "$root"
pkg_only=false
[[ "${1:-}" == "--pkg-only" ]] && pkg_only=true

say() { printf 'web/build.sh: %s\n' "$*" >&2; }
as_root() { if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi; }

# --- 1. Debian's Rust for wasm32-unknown-unknown -------------------------------------------
missing=()
for package in rustc-web cargo-web lld rust-web-src; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]} (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- 2. wasm-bindgen-cli, the version of the wasm-bindgen crate in Cargo.lock ---------------
bindgen_version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
tools=${TERRACE_WASM_TOOLS:-$root/target/tools}
bindgen=$tools/bin/wasm-bindgen
if [[ ! -x $bindgen || "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]]; then
  say "installing wasm-bindgen-cli $bindgen_version into $tools (cargo install)"
  if command -v cargo >/dev/null; then
    cargo install --quiet wasm-bindgen-cli --version "$bindgen_version" --root "$tools"
  else
    RUSTC=/usr/bin/rustc /usr/bin/cargo install --quiet wasm-bindgen-cli --version "$bindgen_version" --root "$tools"
  fi
fi

# --- 3. the .wasm: std built from source (build-std), the `wasm` profile (opt-level z, fat LTO)
say "building crates/wasm for wasm32-unknown-unknown (target/wasm)"
env -u RUSTFLAGS -u RUSTUP_TOOLCHAIN \
  RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld CARGO_TARGET_DIR="$root/target/wasm" \
  /usr/bin/cargo build --quiet -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown \
  --profile wasm -p terrace-wasm
wasm=$root/target/wasm/wasm32-unknown-unknown/wasm/terrace_wasm.wasm

# --- 4. web/pkg: wasm-bindgen's ES module glue beside index.js and index.d.ts ----------------
# (skipped when its output is newer than the .wasm: a second run with nothing changed)
if [[ ! -f $web/pkg/terrace_wasm.js || $wasm -nt $web/pkg/terrace_wasm_bg.wasm ]]; then
  "$bindgen" --target web --out-dir "$web/pkg" --no-typescript --remove-name-section --remove-producers-section "$wasm"
fi
size=$(stat -c %s "$web/pkg/terrace_wasm_bg.wasm")
gz=$(gzip -9 -c "$web/pkg/terrace_wasm_bg.wasm" | wc -c)
say "web/pkg/terrace_wasm_bg.wasm: $size bytes, $gz gzipped"
if $pkg_only; then say "web/pkg built in $SECONDS s"; exit 0; fi

# --- 5. npm packages (CodeMirror, esbuild, puppeteer-core for the tests) --------------------
if ! command -v npm >/dev/null; then
  say "installing nodejs and npm (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
if [[ ! -f $web/node_modules/.package-lock.json || $web/package-lock.json -nt $web/node_modules/.package-lock.json ]]; then
  say "npm ci (web/)"
  (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
fi

# --- 6. web/dist: the playground ------------------------------------------------------------
say "bundling the playground (web/dist)"
rm -rf "$web/dist"
mkdir -p "$web/dist"
(cd "$web" && node_modules/.bin/esbuild src/main.js src/worker.js --bundle --format=esm \
  --minify --target=es2022 --outdir=dist --log-level=warning)
cp "$web/src/index.html" "$web/src/style.css" "$web/pkg/terrace_wasm_bg.wasm" "$web/dist/"
say "web/pkg and web/dist built in $SECONDS s; serve web/dist to open the playground, e.g. (cd web/dist && python3 -m http.server)"
