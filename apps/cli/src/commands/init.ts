import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeStarterAgent } from "@tinyloop/agent-files";
import { EXIT, type Io } from "../io.js";
import { cliCommandLine } from "./cli-command-line.js";

/** This CLI's package folder (from src/commands or dist/commands). */
const cliDir = fileURLToPath(new URL("../../", import.meta.url));

/**
 * `tinyloop init [DIR]`: writes agent-files' starter tiny-agents folder (agent.json +
 * PROMPT.md) that runs as written: it names a model, and its filesystem server is the one the
 * CLI ships (`mcp-server-filesystem`, run from the CLI's own dependencies; nothing is
 * downloaded). The "run it" line is the command that works where the CLI is: `tinyloop`, or
 * from a repository clone `pnpm tinyloop` ({@link cliCommandLine}). Never overwrites: an existing agent.json is an `AgentFileError` (exit 2).
 */
export async function initCommand(dirArg: string | undefined, io: Io): Promise<number> {
  const dir = resolve(io.cwd, dirArg ?? "my-agent");
  const { agent, why } = await writeStarterAgent(dir, { env: io.env });
  const shown = relative(io.cwd, dir) || ".";
  io.stdout.write(
    [
      `wrote ${join(shown, "agent.json")} and ${join(shown, "PROMPT.md")}`,
      `model: ${agent.provider} ${agent.model} (${why}); change "model" and "provider" in agent.json for another`,
      // From a clone, the command that works there (pnpm tinyloop), not an uninstalled bin.
      `run it: ${cliCommandLine(cliDir, io.cwd)} run ${shown}`,
      "",
    ].join("\n"),
  );
  return EXIT.ok;
}
