// The native `terrace` binary the tests compare web/pkg with: $TERRACE, else the workspace's
// debug build (what `cargo test --workspace` leaves), else its release build.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = resolve(webDir, "..");
/** The design docs and samples (`../shared` beside the repository). */
export const sharedDir = process.env.TERRACE_SHARED ?? resolve(repoRoot, "..", "shared");

export function nativeBinary() {
  const candidates = [
    process.env.TERRACE,
    join(repoRoot, "target", "debug", "terrace"),
    join(repoRoot, "target", "release", "terrace"),
  ].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(`no native terrace binary (tried ${candidates.join(", ")}); run cargo build first`);
  }
  return found;
}

const emptyDir = mkdtempSync(join(tmpdir(), "terrace-native-"));
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("TF_")));
env.NO_COLOR = "1";

/** What the native binary prints: `{ status, stdout, stderr }`, each without its final newline. */
export function native(args, input, cwd = emptyDir) {
  const result = spawnSync(nativeBinary(), args, { cwd, env, input: input ?? "", encoding: "utf8" });
  return {
    status: result.status,
    stdout: result.stdout.replace(/\n$/, ""),
    stderr: result.stderr.replace(/\n+$/, ""),
  };
}

/** The lines of a JSON-lines file. */
export function readJsonLines(path) {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

export { execFileSync };
