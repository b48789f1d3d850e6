// The guide's npm example (docs/src/playground.md): run as written, every line ending in a
// `// VALUE` comment (a JavaScript literal) must give that value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as terrace from "../../pkg/index.js";
import { repoRoot } from "../native.js";

const page = readFileSync(join(repoRoot, "docs", "src", "playground.md"), "utf8");
const block = page.match(/```js\n([\s\S]*?)```/)[1];

test("the guide's example runs, and each commented value is what it gives", () => {
  const checks = [];
  const lines = block
    .replace(/^import .*$/m, "")
    .split("\n")
    .map((line) => {
      // `EXPR; // 'value'` or `JSON.parse(...); // {...}`: keep the value for a check.
      const found = line.match(/^(\S.*?);\s*\/\/ (['{\[ft].*)$/);
      if (!found) return line;
      checks.push({ expr: found[1], want: found[2] });
      return `__got.push(${found[1]});`;
    });
  assert.ok(checks.length >= 5, `${checks.length} checked lines`);
  const run = new Function(...Object.keys(terrace), "console", "__got", lines.join("\n"));
  const got = [];
  run(...Object.values(terrace), { log() {} }, got);
  checks.forEach((check, i) => {
    const want = new Function(`return (${check.want});`)();
    assert.deepEqual(got[i], want, check.expr);
  });
});
