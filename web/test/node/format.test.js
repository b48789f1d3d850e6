// web/pkg's format over the public fmt sample: what `terrace fmt -` prints, every case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { format } from "../../pkg/index.js";
import { native, readJsonLines, sharedDir } from "../native.js";

const cases = readJsonLines(join(sharedDir, "fmt", "cases.jsonl"));
const kinds = [...new Set(cases.map((c) => c.kind))];

for (const kind of kinds) {
  const group = cases.filter((c) => c.kind === kind);
  test(`fmt ${kind}: format() is terrace fmt - (${group.length} cases)`, () => {
    const mismatches = [];
    let terraformAgrees = 0;
    for (const c of group) {
      let got;
      try {
        got = { ok: true, text: format(c.input) };
      } catch (error) {
        got = { ok: false, text: error.message };
      }
      const want = native(["fmt", "-"], c.input);
      const wantText = want.status === 0 ? `${want.stdout}\n` : want.stderr;
      if (got.ok !== (want.status === 0) || got.text !== wantText) {
        mismatches.push(`${c.id}\n  wasm:   ${JSON.stringify(got).slice(0, 300)}\n  native: ${JSON.stringify(wantText).slice(0, 300)}`);
      }
      if (c.error ? !got.ok : got.ok && got.text === c.output) terraformAgrees += 1;
    }
    assert.deepEqual(mismatches, []);
    // Terraform's own answers: the native formatter's agreement, which the project judges.
    assert.ok(terraformAgrees / group.length > 0.99, `${terraformAgrees}/${group.length} as Terraform`);
  });
}

test("format throws the syntax error as terrace fmt - prints it", () => {
  const want = native(["fmt", "-"], "a = [\n");
  assert.notEqual(want.status, 0);
  assert.throws(() => format("a = [\n"), (error) => error.message === want.stderr);
});
