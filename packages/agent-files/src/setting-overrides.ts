import { expectedGot } from "@tinyloop/errors";
import { readReasoningText } from "@tinyloop/inference-adapters/presets";
import type { AgentFile } from "./agent-file.js";
import { isToolCallFormat, TOOL_CALL_FORMAT_CHOICES } from "./tool-call-format-setting.js";

/** Settings a program lets its user give over the agent file's, as text (e.g. from flags). */
export interface SettingOverrideTexts {
  /** Over the file's `toolCallFormat`: one of `TOOL_CALL_FORMAT_CHOICES`. */
  toolCallFormat?: string | undefined;
  /** Over the file's `reasoning`: `low`, `medium`, `high` or a number of tokens. */
  reasoning?: string | undefined;
}

/**
 * How the program's user writes each setting before its value, named in the messages (a CLI
 * passes its flags: `{ toolCallFormat: "--tool-format", reasoning: "--reasoning" }`).
 */
export interface SettingOverrideNames {
  toolCallFormat: string;
  reasoning: string;
}

/**
 * Checks settings given over the agent file's by the same rules as the file's own keys, before
 * anything is read or started. Returns the checked values, to be spread over the agent (`{
 * ...agent, ...overrides }`) so they reach the session with the rest of it, or a message naming
 * the setting as `names` says, what it takes, what came and an example.
 *
 * @example
 * readSettingOverrides({ reasoning: "high" }, { toolCallFormat: "--tool-format", reasoning: "--reasoning" })
 * // { overrides: { reasoning: { effort: "high" } } }
 */
export function readSettingOverrides(
  texts: SettingOverrideTexts,
  names: SettingOverrideNames,
): { overrides: Pick<AgentFile, "toolCallFormat" | "reasoning"> } | { error: string } {
  const overrides: Pick<AgentFile, "toolCallFormat" | "reasoning"> = {};
  const format = texts.toolCallFormat;
  if (format !== undefined) {
    if (!isToolCallFormat(format)) {
      return {
        error: expectedGot({
          path: names.toolCallFormat,
          expected: `one of ${TOOL_CALL_FORMAT_CHOICES.join(", ")}`,
          gotText: JSON.stringify(format),
          example: `${names.toolCallFormat} hermes`,
        }),
      };
    }
    overrides.toolCallFormat = format;
  }
  if (texts.reasoning !== undefined) {
    const read = readReasoningText(texts.reasoning, { name: names.reasoning });
    if ("error" in read) return read;
    overrides.reasoning = read.setting;
  }
  return { overrides };
}
