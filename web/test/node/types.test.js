// web/pkg/index.d.ts names exactly what index.js exports, and Module's declared members exist.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as terrace from "../../pkg/index.js";
import { webDir } from "../native.js";

const types = readFileSync(join(webDir, "pkg", "index.d.ts"), "utf8");

test("index.d.ts declares what index.js exports", () => {
  const declared = [...types.matchAll(/^export (?:function|class) (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declared, Object.keys(terrace).sort());
});

test("Module's declared members exist", () => {
  const body = types.slice(types.indexOf("export class Module"));
  const members = [...body.matchAll(/^ {2}(?:readonly )?(\w+)[(:]/gm)].map((m) => m[1]).filter((name) => name !== "constructor");
  assert.ok(members.length >= 6, members.join(", "));
  const module = new terrace.Module({});
  for (const name of members) assert.notEqual(module[name], undefined, name);
  assert.equal(typeof module[Symbol.dispose], "function");
  module.free();
});
