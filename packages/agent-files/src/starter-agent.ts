import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { AgentFileError } from "./agent-file-error.js";
import { FILESYSTEM_SERVER_COMMAND } from "./default-agent.js";
import { HOSTED_PROVIDERS, hostedProviderFor } from "./hosted-providers.js";

/** A starter tiny-agents agent: the content of its `agent.json` and `PROMPT.md`. */
export interface StarterAgent {
  /** `agent.json`: a model, the filesystem server on the agent's folder, 20 turns, approval `ask`. */
  agent: {
    model: string;
    provider: string;
    servers: Array<{ type: "stdio"; command: string; args: string[] }>;
    maxTurns: number;
    approval: "ask";
  };
  /** `PROMPT.md`: the system prompt. */
  prompt: string;
  /** Why this model, for the user: `OPENAI_API_KEY is set`, or that no key is set. */
  why: string;
}

/** What {@link writeStarterAgent} wrote. */
export interface WrittenStarterAgent extends StarterAgent {
  /** Absolute path of the `agent.json` written. */
  agentFile: string;
  /** Absolute path of `PROMPT.md`; an existing one is kept, not written over. */
  promptFile: string;
}

const STARTER_PROMPT = `You are a helpful agent working in the current folder.
Use the filesystem tools to look before you answer, and say what you changed.
`;

/**
 * A starter agent that runs as written: it names a model — the first hosted provider whose key
 * variable is set in `env` (the order `chooseProvider` picks one in), else the local
 * llama.cpp default model (downloaded once on the first run) — and its one server is the
 * filesystem server by its bin name, `mcp-server-filesystem`, never `npx` (the program that
 * runs the agent provides that command; the tinyloop CLI ships it).
 *
 * ```ts
 * const { agent, why } = await starterAgent(process.env); // agent.model: "gpt-4o-mini" when OPENAI_API_KEY is set
 * ```
 */
export async function starterAgent(
  env: Record<string, string | undefined> = process.env,
): Promise<StarterAgent> {
  const hosted = hostedProviderFor(env);
  const choice = hosted
    ? { provider: hosted.provider, model: hosted.starterModel, why: `${hosted.keyVariable} is set` }
    : await localChoice();
  return {
    agent: {
      model: choice.model,
      provider: choice.provider,
      servers: [{ type: "stdio", command: FILESYSTEM_SERVER_COMMAND, args: ["."] }],
      maxTurns: 20,
      approval: "ask",
    },
    prompt: STARTER_PROMPT,
    why: choice.why,
  };
}

async function localChoice(): Promise<{ provider: string; model: string; why: string }> {
  // Imported here: only a starter without a hosted key needs the llama.cpp subpath.
  const { DEFAULT_LOCAL_MODEL } = await import("@tinyloop/inference-adapters/llama-cpp");
  const keys = HOSTED_PROVIDERS.map(({ keyVariable }) => keyVariable);
  const named = `${keys.slice(0, -1).join(", ")} or ${keys.at(-1)}`;
  return {
    provider: "local",
    model: DEFAULT_LOCAL_MODEL,
    why: `no ${named} is set; downloaded once on the first run`,
  };
}

/**
 * Writes {@link starterAgent} as a tiny-agents folder `dir` (`agent.json` + `PROMPT.md`),
 * creating the folder. Never overwrites an agent: an existing `agent.json` is an
 * `AgentFileError` (`EXISTS`), and an existing `PROMPT.md` is kept as it is.
 *
 * ```ts
 * const written = await writeStarterAgent("my-agent");
 * const file = await readAgentFile(written.agentFile); // reads back as format "tiny-agents"
 * ```
 * @throws AgentFileError `EXISTS`.
 */
export async function writeStarterAgent(
  dir: string,
  { env = process.env }: { env?: Record<string, string | undefined> } = {},
): Promise<WrittenStarterAgent> {
  const agentFile = resolve(dir, "agent.json");
  if (existsSync(agentFile)) {
    throw new AgentFileError({
      code: "EXISTS",
      file: agentFile,
      problem: "already exists; a starter agent is never written over one — pick another folder",
    });
  }
  const starter = await starterAgent(env);
  await mkdir(dir, { recursive: true });
  await writeFile(agentFile, `${JSON.stringify(starter.agent, null, 2)}\n`);
  const promptFile = join(dirname(agentFile), "PROMPT.md");
  if (!existsSync(promptFile)) await writeFile(promptFile, starter.prompt);
  return { ...starter, agentFile, promptFile };
}
