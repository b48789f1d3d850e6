// web/pkg's Module: a configuration made of in-memory files gives what `terrace -e` prints in a
// directory holding the same files (the native binary, run in a temporary copy), and reads no disk.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Module } from "../../pkg/index.js";
import { native } from "../native.js";

/** The files written to a fresh directory, for the native binary. */
function onDisk(files) {
  const dir = mkdtempSync(join(tmpdir(), "terrace-module-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function wasmAnswer(fn) {
  try {
    return { ok: true, text: fn() };
  } catch (error) {
    assert.ok(error instanceof Error, "throws an Error");
    return { ok: false, text: error.message };
  }
}

function nativeAnswer(dir, args) {
  const got = native(args, "", dir);
  return got.status === 0 ? { ok: true, text: got.stdout } : { ok: false, text: got.stderr };
}

/** Every expression through Module.evaluate, typeOf and toJson is what the native binary prints. */
function assertSameAsNative(files, exprs) {
  const dir = onDisk(files);
  const module = new Module(files);
  try {
    for (const expr of exprs) {
      assert.deepEqual(wasmAnswer(() => module.evaluate(expr)), nativeAnswer(dir, ["-e", expr]), expr);
      assert.deepEqual(wasmAnswer(() => module.typeOf(expr)), nativeAnswer(dir, ["-e", `:type ${expr}`]), `:type ${expr}`);
      assert.deepEqual(wasmAnswer(() => module.toJson(expr)), nativeAnswer(dir, ["--json", "-e", expr]), `--json ${expr}`);
    }
  } finally {
    module.free();
  }
}

const BUCKETS = {
  "main.tf": `locals {
  enabled_names = [for b in var.buckets : b.name if b.enabled]
  index_pages   = var.buckets[*].website.index_document
}
`,
  "variables.tf": `variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
    }), {})
  }))
}
`,
  "terraform.tfvars": `buckets = [
  { name = "production" },
  { name = "archived", enabled = false },
  { name = "docs", website = { index_document = "index.txt" } },
]
`,
};

test("variables, tfvars and optional defaults: as terrace -e in the directory", () => {
  assertSameAsNative(BUCKETS, ["var.buckets", "local.enabled_names", "local.index_pages", "local.nope", "var.buckets[9]"]);
});

test("the tutorial's buckets: Terraform's answers", () => {
  // Recorded with terraform console 1.15.5 in a directory holding BUCKETS.
  const module = new Module(BUCKETS);
  assert.equal(module.diagnostics, "");
  assert.equal(module.hasErrors, false);
  assert.equal(module.evaluate("local.enabled_names"), '[\n  "production",\n  "docs",\n]');
  assert.equal(module.evaluate("local.index_pages"), 'tolist([\n  "index.html",\n  "index.html",\n  "index.txt",\n])');
  module.free();
});

test("file(), templatefile(), fileexists() and fileset() read the module's in-memory files", () => {
  const files = {
    "main.tf": `locals {
  greeting = templatefile("\${path.module}/greet.tftpl", { names = ["a", "b"] })
  data     = file("data/values.txt")
  exists   = [fileexists("data/values.txt"), fileexists("data/missing.txt")]
  listed   = fileset(path.module, "**/*.txt")
  hash     = filesha256("data/values.txt")
}
`,
    "greet.tftpl": "%{ for n in names ~}\nhello ${n}\n%{ endfor ~}\n",
    "data/values.txt": "one\ntwo\n",
  };
  assertSameAsNative(files, ["local.greeting", "local.data", "local.exists", "local.listed", "local.hash", 'file("nope.txt")']);
});

test("a child module under modules/", () => {
  const files = {
    "main.tf": `module "net" {
  source = "./modules/net"
  cidr   = "10.0.0.0/16"
}
output "subnets" { value = module.net.subnets }
`,
    "modules/net/main.tf": `variable "cidr" { type = string }
output "subnets" { value = cidrsubnets(var.cidr, 8, 8) }
`,
  };
  assertSameAsNative(files, ["module.net.subnets", "module.net", "output.subnets"]);
});

test("a module with errors evaluates nothing: every answer is the loading diagnostics", () => {
  const files = { "main.tf": "locals {\n  x = [\n}\n", "variables.tf": 'variable "a" {\n  default = 1\n}\n' };
  const dir = onDisk(files);
  const module = new Module(files);
  assert.equal(module.hasErrors, true);
  const want = native(["-e", "var.a"], "", dir);
  assert.notEqual(want.status, 0);
  assert.equal(module.diagnostics, want.stderr);
  assert.throws(() => module.evaluate("var.a"), (error) => error.message === want.stderr);
  module.free();
});

test("warnings are diagnostics, and the module still answers", () => {
  const files = { "main.tf": 'variable "a" {\n  default = 1\n}\n', "terraform.tfvars": 'a = 2\nundeclared = "x"\n' };
  const dir = onDisk(files);
  const module = new Module(files);
  const want = native(["-e", "var.a"], "", dir);
  assert.equal(want.status, 0);
  assert.equal(module.hasErrors, false);
  assert.notEqual(module.diagnostics, "");
  assert.equal(module.diagnostics, want.stderr);
  assert.equal(module.evaluate("var.a"), want.stdout);
  module.free();
});

test("nothing outside the in-memory files is read", () => {
  const module = new Module({ "main.tf": "locals { x = 1 }\n" });
  assert.throws(() => module.evaluate('file("/etc/hostname")'), /no file exists at "\/etc\/hostname"/);
  assert.equal(module.evaluate('fileexists("/etc/hostname")'), "false");
  assert.equal(module.evaluate("path.module"), '"."');
  module.free();
});

test("an empty module is the bare console; a value that is not a string is a TypeError", () => {
  const module = new Module({});
  assert.equal(module.evaluate("1 + 1"), "2");
  assert.equal(module.diagnostics, "");
  module.free();
  assert.throws(() => new Module({ "main.tf": 42 }), TypeError);
});
