import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CliError } from "../cli-error.js";
import { EXIT, type Io } from "../io.js";

const STARTER_AGENT = {
  servers: [
    {
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
    },
  ],
  maxTurns: 20,
  approval: "ask",
};

const STARTER_PROMPT = `You are a helpful agent working in the current folder.
Use the filesystem tools to look before you answer, and say what you changed.
`;

/**
 * `tinyloop init [DIR]`: writes a starter tiny-agents folder (agent.json + PROMPT.md).
 * Never overwrites: an existing agent.json is a `CliError`.
 */
export function initCommand(dirArg: string | undefined, io: Io): number {
  const dir = resolve(io.cwd, dirArg ?? "my-agent");
  const agentFile = join(dir, "agent.json");
  if (existsSync(agentFile)) {
    throw new CliError({
      code: "USAGE",
      message: `${agentFile}: already exists; pick another folder (tinyloop init other-agent)`,
    });
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(agentFile, `${JSON.stringify(STARTER_AGENT, null, 2)}\n`);
  const promptFile = join(dir, "PROMPT.md");
  if (!existsSync(promptFile)) writeFileSync(promptFile, STARTER_PROMPT);
  const shown = relative(io.cwd, dir) || ".";
  io.stdout.write(
    `wrote ${join(shown, "agent.json")} and ${join(shown, "PROMPT.md")}\nrun it: tinyloop run ${shown} --model <name> [--provider openai|ollama|local|…]\n`,
  );
  return EXIT.ok;
}
