import { RegistryError } from "./registry-error.js";

/** Longest tool name OpenAI and Anthropic both accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * The rule every registered tool name follows: the strictest of OpenAI's and Anthropic's
 * (1 to {@link MAX_TOOL_NAME_LENGTH} letters, digits, `_` or `-`).
 */
export const TOOL_NAME_PATTERN: RegExp = new RegExp(`^[a-zA-Z0-9_-]{1,${MAX_TOOL_NAME_LENGTH}}$`);

/** True when `name` is a string matching {@link TOOL_NAME_PATTERN}. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === "string" && TOOL_NAME_PATTERN.test(name);
}

/** Throws `NAME_INVALID` naming the offending value, the rule and what to change. */
export function assertValidToolName(name: unknown): asserts name is string {
  if (isValidToolName(name)) return;
  throw new RegistryError({
    code: "NAME_INVALID",
    message: `Invalid tool name ${describeName(name)}: names must match ${TOOL_NAME_PATTERN.source} (1 to 64 letters, digits, "_" or "-"), e.g. "read_file".`,
  });
}

function describeName(name: unknown): string {
  if (typeof name !== "string") return `(${name === null ? "null" : typeof name})`;
  if (name.length === 0) return `"" (empty)`;
  const bad = [...new Set(name.replace(/[a-zA-Z0-9_-]/g, ""))];
  const problems: string[] = [];
  if (name.length > MAX_TOOL_NAME_LENGTH) {
    problems.push(`${name.length} characters, at most ${MAX_TOOL_NAME_LENGTH} allowed`);
  }
  if (bad.length > 0) problems.push(`not allowed: ${bad.map((c) => JSON.stringify(c)).join(" ")}`);
  return `${JSON.stringify(name)} (${problems.join("; ")})`;
}
