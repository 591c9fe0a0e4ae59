import { providerPresets } from "@tinyloop/inference-adapters/presets";
import { EXIT } from "./io.js";

/**
 * Every `--provider` name the CLI knows: the OpenAI-compatible presets of
 * @tinyloop/inference-adapters, then the providers with an adapter of their own.
 * Built from the presets so a new preset shows in `--help` without an edit here.
 */
export const PROVIDER_NAMES: readonly string[] = [
  ...Object.keys(providerPresets),
  "anthropic",
  "local",
  "replay",
];

/** What each exit code means; a `Record` over {@link EXIT}, so a new code cannot go unlisted. */
const EXIT_MEANINGS: Readonly<Record<keyof typeof EXIT, string>> = {
  ok: "done",
  runError: "model/run error",
  configError: "config or usage error",
  maxTurns: "max turns",
  toolDenied: "a tool call denied with nobody to approve it",
  interrupted: "Ctrl+C",
  terminated: "SIGTERM or the terminal closed",
};

/** `Exit codes: 0 done, 1 model/run error, …`, from {@link EXIT}. */
export function exitCodesHelp(): string {
  const codes = (Object.keys(EXIT) as Array<keyof typeof EXIT>)
    .sort((a, b) => EXIT[a] - EXIT[b])
    .map((key) => `${EXIT[key]} ${EXIT_MEANINGS[key]}`);
  return `Exit codes: ${codes.join(", ")}.`;
}

/** The `--provider` option's description, listing {@link PROVIDER_NAMES}. */
export function providerHelp(): string {
  return `${PROVIDER_NAMES.join(", ")}, or a Hugging Face inference provider (e.g. nebius)`;
}
