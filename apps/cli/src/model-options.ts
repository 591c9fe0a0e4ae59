import { type Command, Option } from "commander";
import { providerHelp } from "./help-lists.js";
import { httpUrl, wholeNumber } from "./option-values.js";

/** The flag that names the model's key variable: `--model-api-key-env` where `--api-key-env` is the clients' key (`serve`). */
export type ApiKeyFlag = "--api-key-env" | "--model-api-key-env";

/** `--model <name>`: the model id, a GGUF path or an hf: file for the local provider. */
export function modelOption(): Option {
  return new Option(
    "--model <name>",
    "model id, or a GGUF path / hf:owner/repo/file.gguf with --provider local",
  );
}

/** `--provider <name>`, its help listing every provider (checked when the agent is read). */
export function providerOption(): Option {
  return new Option("--provider <name>", providerHelp());
}

/** `--cassette <file>`: the model replayed from a recorded cassette. */
export function cassetteOption(): Option {
  return new Option("--cassette <file>", "replay the model from a cassette (.jsonl)");
}

/** `--max-turns <n>`, a whole number of at least 1; `per` says what the limit counts (a run, a request…). */
export function maxTurnsOption(per: string): Option {
  return new Option("--max-turns <n>", `most model calls per ${per}`).argParser(wholeNumber(1));
}

/**
 * The flags that choose the model, with one name, help and parser on every command that
 * makes one: `--model`, `--provider`, `--endpoint-url` and the variable holding the model's
 * API key (`apiKeyFlag`, `--api-key-env` unless that name is taken for another key).
 */
export function addModelOptions(
  command: Command,
  { apiKeyFlag = "--api-key-env" }: { apiKeyFlag?: ApiKeyFlag } = {},
): Command {
  return command
    .addOption(modelOption())
    .addOption(providerOption())
    .option(
      "--endpoint-url <url>",
      "OpenAI-compatible base URL of the model (e.g. http://127.0.0.1:11434/v1)",
      httpUrl("--endpoint-url", "http://127.0.0.1:11434/v1"),
    )
    .option(`${apiKeyFlag} <name>`, "environment variable holding the model's API key");
}
