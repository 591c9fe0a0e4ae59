import { lazySchema } from "@tinyloop/errors";
import { type ReasoningSetting, readReasoningSetting } from "@tinyloop/inference-adapters/presets";
import * as z from "zod/mini";
import type { AgentFile, AgentFileInput, AgentFormat, EndWhen } from "./agent-file.js";
import type { ConfigPath } from "./config-path.js";
import type { ServerDraft } from "./server-draft.js";
import {
  isToolCallFormat,
  TOOL_CALL_FORMAT_CHOICES,
  type ToolCallFormatSetting,
} from "./tool-call-format-setting.js";
import type { VariableRule } from "./variable-rule.js";

const WHOLE_ABOVE_0 = "a whole number more than 0";

/** Values of `endWhen` in a file. */
export const END_WHEN_CHOICES = ["text", "two-texts"] as const satisfies readonly EndWhen[];

// A check rather than z.enum: an enum's error names only its first three values, and the
// user needs the whole list to pick a format.
const toolCallFormatSchema = () =>
  z.custom<ToolCallFormatSetting>(isToolCallFormat, {
    error: `one of ${TOOL_CALL_FORMAT_CHOICES.join(", ")} (example: "toolCallFormat": "hermes")`,
  });

// inference-adapters' reader decides what a reasoning setting may be (one home for the rule).
const reasoningSchema = () =>
  z.custom<ReasoningSetting>((value) => "setting" in readReasoningSetting(value, "reasoning"), {
    error:
      '{ "effort": "low" | "medium" | "high" } or { "budgetTokens": a whole number ≥ 1 } (example: "reasoning": { "effort": "medium" })',
  });

/** The `reasoning` key: how hard the model thinks (inference-adapters maps it per provider). */
export const reasoningShape = lazySchema(() => ({
  reasoning: z.optional(reasoningSchema()),
}));

/** Model and loop keys shared by tiny-agents' agent.json and tinyloop's additions to other files. */
export const agentSettingsShape = lazySchema(() => ({
  model: z.optional(z.string().check(z.minLength(1))),
  provider: z.optional(z.string().check(z.minLength(1))),
  endpointUrl: z.optional(z.string().check(z.minLength(1))),
  apiKey: z.optional(z.string()),
  maxTurns: z.optional(z.int().check(z.positive(WHOLE_ABOVE_0))),
  toolConcurrency: z.optional(z.int().check(z.positive(WHOLE_ABOVE_0))),
  approval: z.optional(z.enum(["ask", "always", "never"])),
  endWhen: z.optional(z.enum(END_WHEN_CHOICES)),
  toolCallFormat: z.optional(toolCallFormatSchema()),
  reasoning: z.optional(reasoningSchema()),
}));

/** The `toolCallFormat` key alone, for formats whose other keys differ (Hermes YAML). */
export const toolCallFormatShape = lazySchema(() => ({
  toolCallFormat: z.optional(toolCallFormatSchema()),
}));

/** The model fields, whose strings may hold `${…}`. */
export type ModelField = "model" | "provider" | "endpointUrl" | "apiKey";

/** The settings a file gives its agent, before expansion (not agent-session's `AgentSettings`, what a session runs with). */
export interface FileSettings {
  model?: string;
  provider?: string;
  endpointUrl?: string;
  apiKey?: string;
  maxTurns?: number;
  toolConcurrency?: number;
  approval?: AgentFile["approval"];
  endWhen?: EndWhen;
  toolCallFormat?: ToolCallFormatSetting;
  reasoning?: ReasoningSetting;
}

/** What one format reader makes of a file, before `${…}` expansion. */
export interface FormatResult {
  format: Exclude<AgentFormat, "default">;
  name?: string;
  settings: FileSettings;
  /** Where each model field sits in the file. */
  settingPaths: Partial<Record<ModelField, ConfigPath>>;
  inputs: AgentFileInput[];
  servers: ServerDraft[];
  /** How the format's client expands variables in its strings; default tinyloop's. */
  variables?: VariableRule;
}

/** Copies the settings that are present. */
export function pickSettings(from: FileSettings): FileSettings {
  const out: FileSettings = {};
  for (const key of [
    "model",
    "provider",
    "endpointUrl",
    "apiKey",
    "maxTurns",
    "toolConcurrency",
    "approval",
    "endWhen",
    "toolCallFormat",
    "reasoning",
  ] as const) {
    if (from[key] !== undefined) Object.assign(out, { [key]: from[key] });
  }
  return out;
}

/** Paths of the model fields that sit at the top level under their own names. */
export function topLevelSettingPaths(
  settings: FileSettings,
  at: ConfigPath = [],
): FormatResult["settingPaths"] {
  const out: FormatResult["settingPaths"] = {};
  for (const key of ["model", "provider", "endpointUrl", "apiKey"] as const)
    if (settings[key] !== undefined) out[key] = [...at, key];
  return out;
}

/** Keys of the settings, as known keys. */
export const SETTINGS_KEYS = {
  model: null,
  provider: null,
  endpointUrl: null,
  apiKey: null,
  maxTurns: null,
  toolConcurrency: null,
  approval: null,
  endWhen: null,
  toolCallFormat: null,
  reasoning: null,
} as const;
