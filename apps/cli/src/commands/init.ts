import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CliError } from "../cli-error.js";
import { EXIT, type Io } from "../io.js";

/**
 * Hosted models a starter agent names when their key variable is set, in the order
 * `tinyloop run` picks a provider for an agent that names none.
 */
const HOSTED_STARTERS: ReadonlyArray<{ keyVariable: string; provider: string; model: string }> = [
  { keyVariable: "OPENAI_API_KEY", provider: "openai", model: "gpt-4o-mini" },
  { keyVariable: "ANTHROPIC_API_KEY", provider: "anthropic", model: "claude-sonnet-4-5" },
  { keyVariable: "HF_TOKEN", provider: "huggingface", model: "Qwen/Qwen2.5-72B-Instruct" },
];

/** The starter's model: a hosted one whose key is set, else the CLI's default local model. */
async function starterModel(
  env: Record<string, string | undefined>,
): Promise<{ provider: string; model: string; why: string }> {
  const hosted = HOSTED_STARTERS.find(({ keyVariable }) => env[keyVariable]);
  if (hosted) return { ...hosted, why: `${hosted.keyVariable} is set` };
  // Imported here: the subpath is only needed by init and `--provider local`.
  const { DEFAULT_LOCAL_MODEL } = await import("@tinyloop/inference-adapters/llama-cpp");
  return {
    provider: "local",
    model: DEFAULT_LOCAL_MODEL,
    why: "no OPENAI_API_KEY, ANTHROPIC_API_KEY or HF_TOKEN is set; downloaded once on the first run",
  };
}

const STARTER_PROMPT = `You are a helpful agent working in the current folder.
Use the filesystem tools to look before you answer, and say what you changed.
`;

/**
 * `tinyloop init [DIR]`: writes a starter tiny-agents folder (agent.json + PROMPT.md) that
 * runs as written: it names a model, and its filesystem server is the one the CLI ships
 * (`mcp-server-filesystem`, run from the CLI's own dependencies; nothing is downloaded).
 * Never overwrites: an existing agent.json is a `CliError`.
 */
export async function initCommand(dirArg: string | undefined, io: Io): Promise<number> {
  const dir = resolve(io.cwd, dirArg ?? "my-agent");
  const agentFile = join(dir, "agent.json");
  if (existsSync(agentFile)) {
    throw new CliError({
      code: "USAGE",
      message: `${agentFile}: already exists; pick another folder (tinyloop init other-agent)`,
    });
  }
  const { provider, model, why } = await starterModel(io.env);
  const agent = {
    model,
    provider,
    servers: [{ type: "stdio", command: "mcp-server-filesystem", args: ["."] }],
    maxTurns: 20,
    approval: "ask",
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(agentFile, `${JSON.stringify(agent, null, 2)}\n`);
  const promptFile = join(dir, "PROMPT.md");
  if (!existsSync(promptFile)) writeFileSync(promptFile, STARTER_PROMPT);
  const shown = relative(io.cwd, dir) || ".";
  io.stdout.write(
    [
      `wrote ${join(shown, "agent.json")} and ${join(shown, "PROMPT.md")}`,
      `model: ${provider} ${model} (${why}); change "model" and "provider" in agent.json for another`,
      `run it: tinyloop run ${shown}`,
      "",
    ].join("\n"),
  );
  return EXIT.ok;
}
