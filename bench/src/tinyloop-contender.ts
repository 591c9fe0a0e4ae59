import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MARKER_VARIABLE } from "@tinyloop/test-fixtures";
import { agentScript, type Contender, exitProblem, tail } from "./contender.js";
import { finalAnswer } from "./scenarios.js";

const tinyloopBin = fileURLToPath(
  new URL("../node_modules/tinyloop/bin/tinyloop.js", import.meta.url),
);

/** How tinyloop registers MCP tool `tool` of server `server`. */
export function tinyloopToolName(server: string, tool: string): string {
  return `mcp_${server}_${tool}`;
}

/**
 * The built tinyloop CLI, one-shot: `tinyloop run FILE -p TEXT --endpoint-url URL --yes`,
 * with an `mcpServers` file that names the servers s0, s1, … (so tool names are known), and
 * `--max-turns 1000` to lift the turn limit above the 200-turn scenario, and
 * `--tool-search never` so every tool is advertised, as the other contenders do.
 */
export const tinyloopContender: Contender = {
  id: "tinyloop",
  label: "tinyloop",
  unsupported: () => undefined,
  script: (scenario) => agentScript(scenario, (call) => tinyloopToolName(call.server, call.tool)),
  prepare(scenario, context) {
    const file = join(context.dir, "mcp.json");
    const mcpServers = Object.fromEntries(
      scenario.servers.map((server) => [
        server.name,
        {
          command: process.execPath,
          args: [context.fixtureServerPath, ...server.flags],
          env: { [MARKER_VARIABLE]: context.marker },
        },
      ]),
    );
    writeFileSync(file, JSON.stringify({ mcpServers }, null, 2));
    return {
      command: process.execPath,
      args: [
        tinyloopBin,
        "run",
        file,
        "-p",
        scenario.prompt,
        "--endpoint-url",
        `${context.modelUrl}/v1`,
        "--model",
        "scripted",
        "--max-turns",
        "1000",
        "--yes",
        // Every schema in every request, like the other contenders: the scenarios compare
        // the same work (the 1,000-tool one would otherwise use tool_search under "auto";
        // packages/agent-loop's bench:tool-search measures that).
        "--tool-search",
        "never",
      ],
      cwd: context.dir,
      timeoutMs: 180_000,
    };
  },
  check(scenario, run) {
    if (run.exitCode !== 0) return exitProblem(run);
    if (!run.stdout.includes(finalAnswer(scenario))) {
      return `the final answer is missing from its output: ${tail(run.stdout)}`;
    }
    return undefined;
  },
};
