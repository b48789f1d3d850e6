// Types of terrace-hcl. Every function answers exactly as terrace's console (Terraform 1.15.5's
// `terraform console`) prints; every thrown Error's `message` is the diagnostic it prints.

/**
 * Evaluate one expression as `terrace -e EXPR` (and `terraform console`) prints it, without the
 * final newline. Throws an `Error` whose `message` is the rendered diagnostic.
 *
 * @example evaluate('upper("a")') // => '"A"'
 */
export function evaluate(expr: string): string;

/**
 * The type of an expression's value, as the console's `:type EXPR` prints it.
 *
 * @example typeOf('{a = 1}') // => 'object({\n    a: number,\n})'
 */
export function typeOf(expr: string): string;

/**
 * The value as JSON text (`terrace --json -e EXPR`).
 *
 * @example JSON.parse(toJson('[1, "a"]')) // => [1, "a"]
 */
export function toJson(expr: string): string;

/**
 * A file formatted as `terraform fmt -` formats it (ending with one newline). Throws an `Error`
 * with the syntax errors when the source does not parse.
 */
export function format(src: string): string;

/** terrace's version and the language version it answers as. */
export function version(): string;

/**
 * A module made of in-memory files (`main.tf`, `variables.tf`, `terraform.tfvars`,
 * `*.auto.tfvars`, …), loaded as `terraform console` loads a directory. `file()` and
 * `templatefile()` read these files; nothing else of the outside world is reachable.
 *
 * @example
 * const module = new Module({ "main.tf": 'locals { x = upper("a") }' });
 * module.evaluate("local.x"); // => '"A"'
 * module.free();
 */
export class Module {
  constructor(files: Record<string, string>);
  /** Evaluate an expression in the module's scope (`local.x`, `var.name`, …). */
  evaluate(expr: string): string;
  /** `:type EXPR` in the module's scope. */
  typeOf(expr: string): string;
  /** The value as JSON text. */
  toJson(expr: string): string;
  /** Loading's errors and warnings as the console prints them ("" when none). */
  readonly diagnostics: string;
  /** True when loading found errors (the console then evaluates nothing). */
  readonly hasErrors: boolean;
  /** Release the module's memory now rather than at garbage collection. */
  free(): void;
  [Symbol.dispose](): void;
}
