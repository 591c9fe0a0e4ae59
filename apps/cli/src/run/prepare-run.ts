import { dirname, resolve } from "node:path";
import {
  type AgentFile,
  chooseProvider,
  type ModelChoice,
  type ProviderPlan,
  withAdHocServers,
} from "@tinyloop/agent-files";
import { readAgent } from "../agent/read-agent.js";
import type { Io } from "../io.js";
import type { RunFlags } from "./run-flags.js";

/** The agent with flags applied and the model decided, before anything is started. */
export interface PreparedRun {
  spec: AgentFile;
  choice: ModelChoice;
  plan: ProviderPlan;
}

/**
 * Reads the agent (asking for inputs on a terminal), adds `--server` / `--url`, applies
 * the model flags over the file's keys and picks the provider. Starts nothing.
 */
export async function prepareRun(
  agentArg: string | undefined,
  flags: Partial<RunFlags>,
  io: Io,
  { check = false }: { check?: boolean } = {},
): Promise<PreparedRun> {
  // config check starts no model, so it never asks for the model's key.
  const spec = await readAgent(agentArg, io, check ? { check, expandModel: false } : {});
  spec.servers = withAdHocServers(spec.servers, {
    commands: flags.server ?? [],
    urls: flags.url ?? [],
  });
  const choice: ModelChoice = {};
  const pick = <K extends keyof ModelChoice>(key: K, value: ModelChoice[K] | undefined) => {
    if (value !== undefined) choice[key] = value;
  };
  const provider = flags.provider ?? spec.provider;
  pick("provider", provider);
  // A cassette or a local .gguf named in the file is relative to the file (an `hf:` URI is not
  // a path); a --model flag stays relative to the current folder.
  const fileModel =
    (provider === "replay" || provider === "local") &&
    spec.model &&
    spec.file &&
    !spec.model.startsWith("hf:")
      ? resolve(dirname(spec.file), spec.model)
      : spec.model;
  pick("model", flags.model ?? fileModel);
  pick("endpointUrl", flags.endpointUrl ?? spec.endpointUrl);
  // An explicit --api-key-env beats the file's apiKey; otherwise the file's key is used.
  pick("apiKey", flags.apiKeyEnv ? undefined : spec.apiKey || undefined);
  pick("apiKeyEnv", flags.apiKeyEnv);
  pick("cassette", flags.cassette);
  pick("record", flags.record);
  return { spec, choice, plan: chooseProvider(choice, io.env) };
}
