// terrace-hcl: the ES module entry. Loads the WebAssembly once, at import (top-level await):
// from the file beside this one in Node, through `new URL(…, import.meta.url)` — which
// bundlers (webpack 5, Vite, Parcel, esbuild's file loader) copy and rewrite — elsewhere.
import init from "./terrace_wasm.js";

const wasmUrl = new URL("./terrace_wasm_bg.wasm", import.meta.url);

async function wasmBytes() {
  // The module name is in a variable so that bundlers do not try to resolve it for a browser.
  const fsName = "node:fs/promises";
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName);
  return readFile(wasmUrl);
}

const isNode =
  typeof process !== "undefined" && process.versions != null && process.versions.node != null;

await init({ module_or_path: isNode && wasmUrl.protocol === "file:" ? await wasmBytes() : wasmUrl });

export { evaluate, typeOf, toJson, format, version, Module } from "./terrace_wasm.js";
