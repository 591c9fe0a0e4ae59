import { routerOnlyProviders, tinyloopProviders } from "@tinyloop/agent-files/providers";
import { EXIT } from "./io.js";

/**
 * Every `--provider` name the CLI reaches itself: agent-files' `tinyloopProviders` (the
 * OpenAI-compatible presets of @tinyloop/inference-adapters, then the providers with an
 * adapter of their own), so a new preset shows in `--help` without an edit here.
 */
export const PROVIDER_NAMES: readonly string[] = tinyloopProviders();

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
  return `${PROVIDER_NAMES.join(", ")}, or a provider of the Hugging Face router: ${routerOnlyProviders().join(", ")}`;
}

/**
 * The environment variables that choose the model when neither a flag nor the agent file
 * does (agent-files' `MODEL_ENVIRONMENT_VARIABLES`, written out here so `--help` loads no
 * package; help-lists.test.ts holds the two together), plus `PORT` for `serve`.
 */
export function environmentHelp({ serve = false }: { serve?: boolean } = {}): string {
  return `Environment (for the default agent and files that name no model; flags and the file win):
  MODEL_ID                 model id
  PROVIDER                 provider (as --provider), e.g. nebius through the Hugging Face router
  ENDPOINT_URL, BASE_URL   OpenAI-compatible base URL (as --endpoint-url)
  API_KEY                  key for that URL (or any provider when HF_TOKEN is unset)
  HF_TOKEN                 Hugging Face key; OPENAI_API_KEY / ANTHROPIC_API_KEY pick their provider${
    serve ? "\n  PORT                     port when --port is not given (default 8787)" : ""
  }`;
}
