// A benchmark (not a test): the .wasm's size, page load → first answer in headless Chromium,
// Node's start → first answer, and `evaluate` on the eval bench's workloads
// (crates/eval/benches/eval.rs) beside the native `terrace -e` process.
//
// Usage: node web/bench.mjs   (after web/build.sh; TERRACE=path for the native binary, else
// target/release/terrace, else target/debug/terrace — a debug build is no fair comparison).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { webDir, repoRoot } from "./test/native.js";

const ROUNDS = 5;
const XS = "flatten([for a in range(100) : [for b in range(1000) : a * 1000 + b]])";
const WORKLOADS = [
  ["list: for filter over XS", `length([for i in ${XS} : i * 2 if i % 3 != 0])`],
  ["object: for over XS", `length({for i, v in ${XS} : "k\${i}" => v})`],
  ["template: 3 interps over XS", `length([for i in ${XS} : "\${i}-\${i * 2}-\${i % 7}"])`],
  ["building XS", `length(${XS})`],
  ["10k-term 1 + 1 + ... (parse + eval)", Array(10_000).fill("1").join(" + ")],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

const wasmPath = join(webDir, "pkg", "terrace_wasm_bg.wasm");
const wasm = readFileSync(wasmPath);
console.log(
  `terrace_wasm_bg.wasm: ${(wasm.length / 1e6).toFixed(2)} MB, gzip -9: ${(gzipSync(wasm, { level: 9 }).length / 1e6).toFixed(2)} MB (goal < 1.5 MB)`,
);

// Node: process start → first answer.
const nodeFirst = [];
for (let i = 0; i < ROUNDS; i++) {
  const run = spawnSync(process.execPath, [
    "--input-type=module",
    "-e",
    `const m = await import(${JSON.stringify(join(webDir, "pkg", "index.js"))}); m.evaluate("1 + 1"); console.log(performance.now());`,
  ], { encoding: "utf8" });
  nodeFirst.push(Number(run.stdout.trim()));
}
console.log(`node: start → first answer: ${ms(median(nodeFirst))} (median of ${ROUNDS})`);

// The page: navigation start → the first answer on the page (body[data-first-answer-ms]).
if (existsSync(join(webDir, "dist", "index.html")) && existsSync("/usr/bin/chromium")) {
  const { default: puppeteer } = await import("puppeteer-core");
  const { serve } = await import("./test/server.js");
  const server = await serve(join(webDir, "dist"));
  const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
  const pageFirst = [];
  const pageCompiled = [];
  const pageReady = [];
  // One load first, not counted: the server compresses each file on its first request.
  for (let i = -1; i < ROUNDS; i++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${server.url}#expr=${encodeURIComponent("1 + 1")}`);
    await page.waitForSelector("body[data-first-answer-ms]");
    const firstMs = Number(await page.$eval("body", (body) => body.dataset.firstAnswerMs));
    const marks = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType("mark").map((mark) => [mark.name, mark.startTime])),
    );
    if (i >= 0) {
      pageFirst.push(firstMs);
      pageCompiled.push(marks["terrace:compiled"]);
      pageReady.push(marks["terrace:ready"]);
    }
    await context.close();
  }
  await browser.close();
  await server.close();
  console.log(
    `page: load → first answer: ${ms(median(pageFirst))} (goal < 500 ms; median of ${ROUNDS}, fresh context each, gzip served;` +
      ` .wasm compiled at ${ms(median(pageCompiled))}, worker ready at ${ms(median(pageReady))})`,
  );
}

// evaluate vs the native process.
const { evaluate } = await import("./pkg/index.js");
const native = [process.env.TERRACE, join(repoRoot, "target/release/terrace"), join(repoRoot, "target/debug/terrace")]
  .filter(Boolean)
  .find((path) => existsSync(path));
const timeNative = (expr) => {
  const start = performance.now();
  spawnSync(native, ["-e", expr], { stdio: "ignore" });
  return performance.now() - start;
};
const startup = median(Array.from({ length: ROUNDS }, () => timeNative("1")));
console.log(`\nnative: ${native}; its start-up (terrace -e 1): ${ms(startup)}`);
console.log(`| workload | wasm evaluate | native terrace -e (process) | ratio (goal ≤ 2×) |`);
console.log(`|---|---|---|---|`);
for (const [name, expr] of WORKLOADS) {
  evaluate(expr);
  const wasmTimes = [];
  const nativeTimes = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    evaluate(expr);
    wasmTimes.push(performance.now() - start);
    nativeTimes.push(timeNative(expr));
  }
  const [w, n] = [median(wasmTimes), median(nativeTimes)];
  console.log(`| ${name} | ${ms(w)} | ${ms(n)} | ${(w / n).toFixed(2)}× |`);
}
