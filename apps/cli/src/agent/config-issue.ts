import type { z } from "zod";
import { CliError } from "../cli-error.js";

/** A location inside a config file: keys and list indexes from the root. */
export type ConfigPath = ReadonlyArray<string | number>;

/** `servers[1].env.TOKEN` — the form every CLI config error uses. */
export function formatConfigPath(path: ConfigPath): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(part)) out += out === "" ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out === "" ? "(top level)" : out;
}

/** What a value is, in words: `a number (3)`, `an empty string`, `a list`. */
export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  switch (typeof value) {
    case "string": {
      if (value === "") return "an empty string";
      const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
      return `a string (${JSON.stringify(shown)})`;
    }
    case "number":
      return `a number (${value})`;
    case "boolean":
      return `a boolean (${value})`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function valueAt(root: unknown, path: ConfigPath): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
};

/** One sentence for one zod issue, naming what was expected and what was found. */
function describeIssue(
  issue: z.core.$ZodIssue,
  input: unknown,
): { path: ConfigPath; text: string } {
  const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  const found = valueAt(input, path);
  switch (issue.code) {
    case "invalid_type": {
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      return { path, text: `expected ${expected}, got ${describeFound(found)}` };
    }
    case "unrecognized_keys": {
      const keys = issue.keys.map((k) => JSON.stringify(k)).join(", ");
      return { path, text: `unknown key${issue.keys.length > 1 ? "s" : ""} ${keys}` };
    }
    case "invalid_value": {
      const values = issue.values.map((v) => JSON.stringify(v)).join(" or ");
      return { path, text: `expected ${values}, got ${describeFound(found)}` };
    }
    case "too_small":
    case "too_big":
    case "invalid_format":
    case "not_multiple_of":
    case "custom":
    case "invalid_union":
      return { path, text: `${issue.message}, got ${describeFound(found)}` };
    default:
      return { path, text: issue.message };
  }
}

/**
 * A config error in the one shape the CLI prints:
 * `FILE: PATH: expected …, got …` then an example of the right form.
 */
export function configIssue({
  file,
  path,
  problem,
  example,
}: {
  file: string;
  path: ConfigPath;
  problem: string;
  example?: string;
}): CliError {
  const where = path.length > 0 ? `${formatConfigPath(path)}: ` : "";
  const lines = [`${file}: ${where}${problem}`];
  if (example) lines.push(`  example: ${example}`);
  return new CliError({ code: "CONFIG_INVALID", message: lines.join("\n") });
}

/**
 * Parses `input` with `schema`; on failure throws a {@link configIssue} for the first
 * problem, its path prefixed with `at`.
 */
export function parseWith<T extends z.ZodType>(
  schema: T,
  input: unknown,
  { file, at = [], example }: { file: string; at?: ConfigPath; example?: string },
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  if (!first) throw configIssue({ file, path: at, problem: "invalid value", example });
  const { path, text } = describeIssue(first, input);
  throw configIssue({ file, path: [...at, ...path], problem: text, example });
}
