import { describeValue, expectedGot } from "@tinyloop/errors";
import type { ReasoningSetting } from "../types.js";

/** The efforts a {@link ReasoningSetting} may name, from least to most thinking. */
export const REASONING_EFFORTS = ["low", "medium", "high"] as const;

const example = '{ "effort": "medium" } or { "budgetTokens": 4096 }';

/**
 * Reads a reasoning setting from a config value (an agent file, adapter settings): either
 * `{ effort: "low" | "medium" | "high" }` or `{ budgetTokens: N }` with N a whole number ≥ 1.
 * Returns the setting, or the message naming what is wrong at `path` (`expected …, got …`).
 *
 * @example
 * readReasoningSetting({ effort: "high" }, "model.reasoning") // { setting: { effort: "high" } }
 */
export function readReasoningSetting(
  value: unknown,
  path: string,
): { setting: ReasoningSetting } | { error: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { error: expectedGot({ path, expected: "an object", got: value, example }) };
  }
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length !== 1 || (keys[0] !== "effort" && keys[0] !== "budgetTokens")) {
    return {
      error: expectedGot({
        path,
        expected: 'exactly one of "effort" or "budgetTokens"',
        gotText: keys.length === 0 ? "no key" : `keys ${keys.map((key) => `"${key}"`).join(", ")}`,
        example,
      }),
    };
  }
  if ("effort" in record) {
    const effort = record.effort;
    if (typeof effort === "string" && (REASONING_EFFORTS as readonly string[]).includes(effort)) {
      return { setting: { effort: effort as (typeof REASONING_EFFORTS)[number] } };
    }
    return {
      error: expectedGot({
        path: `${path}.effort`,
        expected: '"low", "medium" or "high"',
        got: effort,
        example: '{ "effort": "medium" }',
      }),
    };
  }
  const budget = record.budgetTokens;
  if (typeof budget === "number" && Number.isInteger(budget) && budget >= 1) {
    return { setting: { budgetTokens: budget } };
  }
  return {
    error: expectedGot({
      path: `${path}.budgetTokens`,
      expected: "a whole number of tokens ≥ 1",
      got: budget,
      example: '{ "budgetTokens": 4096 }',
    }),
  };
}

/**
 * Reads the short text form `low`, `medium`, `high` or a number of tokens (`4096`), as a
 * command line or an environment variable gives it. Returns the setting, or a message that
 * names the value and the accepted forms. `name` is how the caller's user writes the setting
 * before its value (a CLI passes its flag, `--reasoning`): the message then starts with it and
 * its example uses it; without it the caller says where the value came from.
 */
export function readReasoningText(
  text: string,
  { name }: { name?: string } = {},
): { setting: ReasoningSetting } | { error: string } {
  const trimmed = text.trim();
  if ((REASONING_EFFORTS as readonly string[]).includes(trimmed)) {
    return { setting: { effort: trimmed as (typeof REASONING_EFFORTS)[number] } };
  }
  if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number.isSafeInteger(Number(trimmed))) {
    return { setting: { budgetTokens: Number(trimmed) } };
  }
  const expected = "low, medium, high or a number of reasoning tokens ≥ 1";
  if (name === undefined) {
    return { error: `expected ${expected}, got ${describeValue(text)} (example: medium, or 4096)` };
  }
  return {
    error: expectedGot({
      path: name,
      expected,
      got: text,
      example: `${name} medium, or ${name} 4096`,
    }),
  };
}
