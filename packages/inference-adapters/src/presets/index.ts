// `@tinyloop/inference-adapters/presets`: the OpenAI-compatible provider presets alone, with
// none of the adapters (no HTTP client, no stream parsers, no node:stream). A bundler that
// splits by entry point (esbuild) otherwise puts every adapter into each chunk that only
// needs the preset names, such as the CLI's `--help` and `config check`. The reasoning
// setting's reader sits here too, for config readers (agent files, a CLI's flags) that
// check it without loading an adapter, and so do the text tool-call formats' names (without
// their parsers). The root entry exports all of these too.
export type { ProviderPreset, ProviderPresetName } from "../openai-compatible/presets.js";
export { providerPresets, resolvePreset } from "../openai-compatible/presets.js";
export { isProviderKeyVariable, PROVIDER_KEY_VARIABLES } from "../provider-key-variables.js";
export {
  REASONING_EFFORTS,
  readReasoningSetting,
  readReasoningText,
} from "../reasoning/read-reasoning-setting.js";
export {
  isTextToolCallFormat,
  TEXT_TOOL_CALL_FORMATS,
  type TextToolCallFormat,
} from "../text-tool-calls/format-names.js";
export type { ReasoningSetting } from "../types.js";
