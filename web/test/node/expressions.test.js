// web/pkg against the native binary: every case of the public conformance sample gives the
// same text (the value, or the error's diagnostic), and the sample's expectations hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { evaluate, typeOf, toJson, version } from "../../pkg/index.js";
import { native, readJsonLines, sharedDir } from "../native.js";

const cases = readJsonLines(join(sharedDir, "conformance", "cases.jsonl"));

function wasmAnswer(fn, input) {
  try {
    return { ok: true, text: fn(input) };
  } catch (error) {
    assert.ok(error instanceof Error, "throws an Error");
    return { ok: false, text: error.message };
  }
}

const byCategory = new Map();
for (const c of cases) {
  if (!byCategory.has(c.cat)) byCategory.set(c.cat, []);
  byCategory.get(c.cat).push(c);
}

test(`the conformance sample has cases (${cases.length})`, () => {
  assert.ok(cases.length >= 400);
});

for (const [category, group] of byCategory) {
  test(`conformance ${category}: web/pkg prints what terrace -e prints (${group.length} cases)`, () => {
    const mismatches = [];
    for (const c of group) {
      const got = wasmAnswer(evaluate, c.expr);
      const want = native(["-e", c.expr]);
      const wantOk = want.status === 0;
      const wantText = wantOk ? want.stdout : want.stderr;
      if (got.ok !== wantOk || got.text !== wantText) {
        mismatches.push(`${c.id} ${c.expr}\n  wasm:   ${JSON.stringify(got)}\n  native: ${JSON.stringify({ ok: wantOk, text: wantText })}`);
      }
      // Terraform's answer, as recorded in the sample.
      if (c.error ? got.ok : !got.ok || got.text !== c.out) {
        mismatches.push(`${c.id} ${c.expr}\n  wasm:      ${JSON.stringify(got)}\n  terraform: ${JSON.stringify(c.error ? "error" : c.out)}`);
      }
    }
    assert.deepEqual(mismatches, []);
  });
}

test("typeOf is :type", () => {
  for (const expr of ['{a = 1, b = ["x"]}', "tolist([1])", "null", 'sensitive("a")', "[for x in [1] : x]"]) {
    const want = native(["-e", `:type ${expr}`]);
    assert.equal(want.status, 0);
    assert.equal(typeOf(expr), want.stdout, expr);
  }
  assert.equal(typeOf('{a = 1}'), "object({\n    a: number,\n})");
});

test("typeOf throws the console's diagnostic", () => {
  const want = native(["-e", ":type nope"]);
  assert.notEqual(want.status, 0);
  assert.throws(() => typeOf("nope"), (error) => error.message === want.stderr);
});

test("toJson is --json -e", () => {
  for (const expr of ['{a = [1, "b", null], c = true}', "1/3", 'tomap({x = "y"})']) {
    const want = native(["--json", "-e", expr]);
    assert.equal(want.status, 0, expr);
    assert.equal(toJson(expr), want.stdout, expr);
  }
  assert.deepEqual(JSON.parse(toJson('{a = [1, "b"]}')), { a: [1, "b"] });
});

test("errors are Errors with the rendered diagnostic, no colour", () => {
  assert.throws(
    () => evaluate('upper(1, 2)'),
    (error) => error instanceof Error && error.message.startsWith("error: ") && !error.message.includes("\u001b["),
  );
});

test("multi-line input is one expression, as terrace -e takes it", () => {
  const expr = "[\n  1,\n  2,\n]";
  assert.equal(evaluate(expr), native(["-e", expr]).stdout);
  const heredoc = "<<EOT\nhello ${upper(\"x\")}\nEOT";
  assert.equal(evaluate(heredoc), native(["-e", heredoc]).stdout);
});

test("timestamp() reads the JavaScript clock, uuid() JavaScript's randomness", () => {
  const before = Date.now();
  const stamp = JSON.parse(evaluate("timestamp()"));
  assert.match(stamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.ok(Math.abs(Date.parse(stamp) - before) < 5_000, `${stamp} is now`);
  const [a, b] = [JSON.parse(evaluate("uuid()")), JSON.parse(evaluate("uuid()"))];
  assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.notEqual(a, b);
  assert.match(JSON.parse(evaluate('bcrypt("secret")')), /^\$2a\$10\$/);
});

test("the file functions see an empty directory, as terrace -e run in one", () => {
  const exprs = [
    'file("main.tf")',
    'fileexists("main.tf")',
    'fileset(".", "**")',
    'templatefile("a.tftpl", {})',
    'filebase64("x")',
    'filemd5("x")',
    'file("/etc/hostname")',
  ];
  for (const expr of exprs) {
    const want = native(["-e", expr]);
    const got = wasmAnswer(evaluate, expr);
    if (expr.includes("/etc/")) {
      // The native binary reads the disk; the package never does.
      assert.equal(got.ok, false, expr);
      assert.match(got.text, /no file exists at "\/etc\/hostname"/);
      continue;
    }
    assert.deepEqual(got, { ok: want.status === 0, text: want.status === 0 ? want.stdout : want.stderr }, expr);
  }
});

test("the outside world is a clear error, not a crash", () => {
  for (const expr of ['file("/etc/passwd")', 'fileset(".", "*")', 'pathexpand("~/x")']) {
    let message = "";
    try {
      evaluate(expr);
    } catch (error) {
      message = error.message;
    }
    // Either an error that says so, or (pathexpand) a value: never a trap.
    assert.ok(message === "" || message.startsWith("error: "), `${expr}: ${message}`);
  }
  // Still answering after those.
  assert.equal(evaluate("1 + 1"), "2");
});

test("version names terrace", () => {
  assert.match(version(), /^terrace \d+\.\d+\.\d+/);
});
