// The playground in Debian's Chromium (headless, driven by puppeteer-core; no browser is
// downloaded): typing, Ctrl+Enter and the Run button, the output and its status, multi-line
// input, the URL hash, Stop, the views, fmt, the module mode, and no request after load.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { serve } from "../server.js";
import { EXAMPLES } from "../../src/examples.js";
import { native, readJsonLines, repoRoot, sharedDir, webDir } from "../native.js";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
let server;
let browser;

before(async () => {
  server = await serve(join(webDir, "dist"));
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(hash = "") {
  const page = await browser.newPage();
  const requests = [];
  page.on("request", (request) => {
    if (/^https?:/.test(request.url())) requests.push(request.url());
  });
  await page.goto(server.url + hash);
  await page.waitForSelector("body[data-ready=true]");
  return { page, requests };
}

async function typeInput(page, text) {
  await page.click("[data-testid=editor]");
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
  for (const [i, line] of text.split("\n").entries()) {
    if (i > 0) await page.keyboard.press("Enter");
    await page.keyboard.type(line);
  }
}

async function editorText(page) {
  return page.$eval("[data-testid=editor]", (element) =>
    [...element.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"),
  );
}

async function answer(page) {
  await page.waitForFunction(() => {
    const status = document.querySelector("[data-testid=output]").dataset.status;
    return status === "ok" || status === "error";
  });
  return page.$eval("[data-testid=output]", (element) => ({
    status: element.dataset.status,
    text: element.textContent,
  }));
}

async function ctrlEnter(page) {
  await page.keyboard.down("Control");
  await page.keyboard.press("Enter");
  await page.keyboard.up("Control");
}

test("typing and Ctrl+Enter print the console's answer", async () => {
  const { page } = await open();
  // The editor starts empty: what is typed is the whole input.
  await page.click("[data-testid=editor]");
  await page.keyboard.type('upper("terrace")');
  await ctrlEnter(page);
  assert.deepEqual(await answer(page), { status: "ok", text: '"TERRACE"' });
  await page.close();
});

test("the Run button; an error has status error and the console's diagnostic", async () => {
  const { page } = await open();
  await typeInput(page, "1 +");
  await page.click("[data-testid=run]");
  const got = await answer(page);
  assert.equal(got.status, "error");
  assert.equal(got.text, native(["-e", "1 +"]).stderr);
  await page.close();
});

test("typed text is the input exactly: indentation, a heredoc", async () => {
  const { page } = await open();
  const text = '{\n  a = <<EOT\n  indented\nflush\nEOT\n  b = [1, 2]\n}';
  await page.click("[data-testid=editor]");
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
  assert.equal(await editorText(page), text);
  const seen = await answerCount(page);
  await ctrlEnter(page);
  const want = native(["-e", text]);
  assert.deepEqual(await answerAfter(page, seen), { status: "ok", text: want.stdout });
  await page.close();
});

test("multi-line input is one expression", async () => {
  const { page } = await open();
  await typeInput(page, '{\na = [1, 2]\nb = "x"\n}');
  await ctrlEnter(page);
  const typed = await editorText(page);
  const got = await answer(page);
  assert.equal(got.status, "ok");
  assert.equal(got.text, native(["-e", typed]).stdout);
  await page.close();
});

test("the URL hash reproduces the input and the answer", async () => {
  const first = await open();
  await typeInput(first.page, '[for s in ["a", "b"] : "${s}!"]');
  await ctrlEnter(first.page);
  const answered = await answer(first.page);
  const url = first.page.url();
  assert.match(url, /#expr=/);
  await first.page.close();
  const second = await open(new URL(url).hash);
  assert.equal(await editorText(second.page), '[for s in ["a", "b"] : "${s}!"]');
  assert.deepEqual(await answer(second.page), answered);
  await second.page.reload();
  await second.page.waitForSelector("body[data-ready=true]");
  assert.deepEqual(await answer(second.page), answered);
  await second.page.close();
});

test("Stop ends a long evaluation and the next one answers", async () => {
  const { page } = await open();
  await typeInput(page, "[for i in range(1000) : length([for j in range(1000) : length([for k in range(1000) : k])])]");
  await page.click("[data-testid=run]");
  await page.waitForSelector("[data-testid=output][data-status=running]");
  await new Promise((resolve) => setTimeout(resolve, 300));
  await page.click("[data-testid=stop]");
  const stopped = await answer(page);
  assert.equal(stopped.status, "error");
  assert.match(stopped.text, /^Stopped/);
  await typeInput(page, "2 * 21");
  await ctrlEnter(page);
  assert.deepEqual(await answer(page), { status: "ok", text: "42" });
  await page.close();
});

test("the time limit stops a runaway evaluation by itself", async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}?limit=500`);
  await page.waitForSelector("body[data-ready=true]");
  const seen = await answerCount(page);
  const started = Date.now();
  await typeInput(page, "[for i in range(1000) : length([for j in range(1000) : length([for k in range(1000) : k])])]");
  await ctrlEnter(page);
  const stopped = await answerAfter(page, seen);
  assert.equal(stopped.status, "error");
  assert.match(stopped.text, /^Stopped: no answer within the time limit of 0.5 s/);
  assert.ok(Date.now() - started < 5_000);
  await typeInput(page, "2 * 21");
  await ctrlEnter(page);
  assert.deepEqual(await answerAfter(page, seen + 1), { status: "ok", text: "42" });
  await page.close();
});

test("the type and JSON views; fmt formats the input", async () => {
  const { page } = await open("#expr=" + encodeURIComponent('{a = 1, b = ["x"]}'));
  await answer(page);
  await page.click("[data-testid=view-type]");
  await page.waitForFunction(() => document.querySelector("[data-testid=output]").textContent.startsWith("object("));
  assert.equal((await answer(page)).text, native(["-e", ':type {a = 1, b = ["x"]}']).stdout);
  await page.click("[data-testid=view-json]");
  await page.waitForFunction(() => document.querySelector("[data-testid=output]").textContent.startsWith("{"));
  assert.deepEqual(JSON.parse((await answer(page)).text), { a: 1, b: ["x"] });
  await page.click("[data-testid=view-value]");
  await typeInput(page, "{a=1,bb=2}");
  await page.click("[data-testid=fmt]");
  await page.waitForFunction(
    () => document.querySelector("[data-testid=editor] .cm-line").textContent !== "{a=1,bb=2}",
  );
  assert.equal(await editorText(page), native(["fmt", "-"], "x = {a=1,bb=2}").stdout.slice("x = ".length));
  await page.close();
});

test("module mode: the buckets example, a named value typed in, and the hash round trip", async () => {
  const index = EXAMPLES.findIndex((example) => example.mode === "module");
  const example = EXAMPLES[index];
  const dir = mkdtempSync(join(tmpdir(), "terrace-playground-"));
  for (const [name, text] of Object.entries(example.files)) writeFileSync(join(dir, name), text);
  const { page } = await open();
  let seen = await answerCount(page);
  await page.select("[data-testid=examples]", String(index));
  assert.deepEqual(await answerAfter(page, seen), { status: "ok", text: native(["-e", example.expr], "", dir).stdout });
  // Another named value, typed on the module's expression line.
  seen = await answerCount(page);
  await page.click("[data-testid=module-expr]", { count: 3 });
  await page.keyboard.type("local.enabled_names");
  await page.keyboard.press("Enter");
  const typed = await answerAfter(page, seen);
  assert.deepEqual(typed, { status: "ok", text: native(["-e", "local.enabled_names"], "", dir).stdout });
  // The tabs show each file; the hash holds them all.
  await page.click("[data-testid='tab-variables.tf']");
  assert.equal(await editorText(page), example.files["variables.tf"]);
  const url = page.url();
  assert.match(url, /mode=module/);
  await page.close();
  const again = await open(new URL(url).hash);
  assert.deepEqual(await answer(again.page), typed);
  // An error in a file: the loading diagnostics, as terrace -e prints them.
  seen = await answerCount(again.page);
  await again.page.click("[data-testid='tab-main.tf']");
  await typeInput(again.page, "locals {\nx = [\n}");
  await again.page.click("[data-testid=run]");
  const broken = await answerAfter(again.page, seen);
  writeFileSync(join(dir, "main.tf"), await editorText(again.page));
  const want = native(["-e", "local.enabled_names"], "", dir);
  assert.deepEqual(broken, { status: "error", text: want.stderr });
  await again.page.close();
});

/** The page's answer once it has shown more than `seen` answers. */
async function answerAfter(page, seen) {
  await page.waitForFunction(
    (seen) => Number(document.querySelector("[data-testid=output]").dataset.answers ?? 0) > seen,
    {},
    seen,
  );
  return answer(page);
}

async function answerCount(page) {
  return page.$eval("[data-testid=output]", (element) => Number(element.dataset.answers ?? 0));
}

test("a quarter of the conformance sample, through the page, prints what terrace -e prints", async () => {
  // Every fourth case: each category, values and errors, in a few seconds.
  const cases = readJsonLines(join(sharedDir, "conformance", "cases.jsonl")).filter((_, i) => i % 4 === 0);
  const { page } = await open();
  const mismatches = [];
  for (const c of cases) {
    const seen = await answerCount(page);
    // A new hash is a new input: the page reads it and runs it (as a shared link does).
    await page.evaluate((hash) => {
      location.hash = hash;
    }, "expr=" + encodeURIComponent(c.expr));
    const got = await answerAfter(page, seen);
    const want = native(["-e", c.expr]);
    const wantStatus = want.status === 0 ? "ok" : "error";
    const wantText = want.status === 0 ? want.stdout : want.stderr;
    if (got.status !== wantStatus || got.text !== wantText) {
      mismatches.push(`${c.id} ${c.expr}\n  page:   ${JSON.stringify(got)}\n  native: ${JSON.stringify(wantText)}`);
    }
  }
  assert.deepEqual(mismatches, []);
  assert.ok(cases.length >= 100);
  await page.close();
});

test("no request after the page's own files are loaded; a screenshot", async () => {
  const { page, requests } = await open();
  const loaded = requests.length;
  const served = server.requests.length;
  for (const expr of ["1 + 1", 'timestamp() != ""', "uuid()", "nope"]) {
    await typeInput(page, expr);
    await ctrlEnter(page);
    await answer(page);
  }
  await page.click("[data-testid=view-type]");
  await answer(page);
  assert.deepEqual(requests.slice(loaded), []);
  const shots = join(repoRoot, "target", "playground");
  mkdirSync(shots, { recursive: true });
  await page.select("[data-testid=examples]", "1");
  await page.click("[data-testid=view-value]");
  await answer(page);
  await page.setViewport({ width: 1200, height: 700 });
  await page.screenshot({ path: join(shots, "playground.png") });
  // Neither the page nor its worker asked anything: not the browser's view, not the server's.
  assert.deepEqual(requests.slice(loaded), []);
  assert.deepEqual(server.requests.slice(served), []);
  await page.close();
});
