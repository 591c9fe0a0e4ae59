import type { ToolSpec } from "../../../types.js";

/** One call as an engine's test asserts it: the name and the decoded arguments. */
export interface EngineCall {
  name: string;
  arguments: unknown;
}

/**
 * One real model output from an engine's parser tests and what that engine asserts.
 * `calls: []` means the engine reads no call (plain content, or a block it refuses).
 * `decided`, when set, is where tinyloop deliberately reads the text otherwise (engines
 * disagree): the case then counts as a miss in the score, and the test holds tinyloop to
 * `decided.calls` instead, so the choice stays deliberate.
 */
export interface EngineCase {
  /** Repository, path and test name (or line) the text and the assertion come from. */
  source: string;
  text: string;
  /** The tools the engine's test offers (only where the parse depends on them). */
  tools?: ToolSpec[];
  /** The prompt opened the thinking block (llama.cpp's `thinking_forced_open`). */
  startsInReasoning?: boolean;
  calls: EngineCall[];
  decided?: { calls: EngineCall[]; why: string };
}

/** A tool offering these parameters (each `{type}`), for cases whose parse reads the schema. */
export function toolWith(name: string, properties: Record<string, string>): ToolSpec {
  return {
    name,
    description: name,
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(properties).map(([key, type]) => [key, { type }]),
      ),
    },
  };
}
