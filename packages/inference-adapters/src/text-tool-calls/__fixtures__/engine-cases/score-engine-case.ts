import { isDeepStrictEqual } from "node:util";
import type { ParsedToolCallText } from "../../parse-tool-call-text.js";
import type { EngineCall } from "./engine-case.js";

/** The calls tinyloop would run: a call handed back with an `error` is "not a call". */
export function runnableCalls(parsed: ParsedToolCallText): EngineCall[] {
  return parsed.toolCalls
    .filter((call) => !call.error)
    .map((call) => ({ name: call.name, arguments: call.arguments }));
}

/** Whether tinyloop reads the same calls (names and arguments, in order) as `expected`. */
export function sameCalls(parsed: ParsedToolCallText, expected: readonly EngineCall[]): boolean {
  return isDeepStrictEqual(runnableCalls(parsed), expected);
}
