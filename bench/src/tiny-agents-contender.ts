import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MARKER_VARIABLE } from "@tinyloop/test-fixtures";
import { agentScript, type Contender, exitProblem, tail } from "./contender.js";
import { inOwnSession } from "./own-session.js";
import { finalAnswer } from "./scenarios.js";

const tinyAgentsCli = fileURLToPath(
  new URL("../node_modules/@huggingface/tiny-agents/dist/cli.js", import.meta.url),
);

/**
 * What tiny-agents prints when its REPL reads from a pipe that has ended: 0.3.4 has no
 * one-shot mode, so the prompt goes in on stdin and this error (exit code 7) is how a run
 * ends once the answer is out.
 */
export const TINY_AGENTS_END_OF_INPUT = "ERR_USE_AFTER_CLOSE";

/** `MAX_NUM_TURNS` of @huggingface/mcp-client's Agent, which tiny-agents 0.3.4 runs. */
const TINY_AGENTS_MAX_TURNS = 10;

/**
 * `@huggingface/tiny-agents` 0.3.4: `tiny-agents run DIR` with an agent.json whose
 * `endpointUrl` is the scripted model server; the prompt is piped on stdin. Its MCP client
 * gives each stdio server only the SDK's default environment plus the config's `env`, so
 * the process marker goes into every server's `env`.
 */
export const tinyAgentsContender: Contender = {
  id: "tiny-agents",
  label: "tiny-agents 0.3.4",
  unsupported: () => undefined,
  // Tool names are the servers' own (no prefix). After a text answer that followed tool
  // calls, tiny-agents asks the model once more (it stops when that turn calls no tool),
  // unless the run already took more than its MAX_NUM_TURNS (10) model turns.
  script: (scenario) => {
    const usesTools = scenario.turns.some((turn) => turn.kind === "tools");
    const probe = usesTools && scenario.turns.length <= TINY_AGENTS_MAX_TURNS ? 1 : 0;
    return agentScript(scenario, (call) => call.tool, probe);
  },
  prepare(scenario, context) {
    const dir = join(context.dir, "tiny-agent");
    mkdirSync(dir, { recursive: true });
    const agent = {
      model: "scripted",
      endpointUrl: `${context.modelUrl}/v1`,
      apiKey: "bench-key",
      servers: scenario.servers.map((server) => ({
        type: "stdio",
        ...inOwnSession(process.execPath, [context.fixtureServerPath, ...server.flags]),
        env: { [MARKER_VARIABLE]: context.marker },
      })),
    };
    writeFileSync(join(dir, "agent.json"), JSON.stringify(agent, null, 2));
    return {
      command: process.execPath,
      args: [tinyAgentsCli, "run", dir],
      cwd: context.dir,
      stdin: `${scenario.prompt}\n`,
      timeoutMs: 180_000,
    };
  },
  check(scenario, run) {
    const endedOnInput = run.exitCode === 7 && run.stderr.includes(TINY_AGENTS_END_OF_INPUT);
    if (run.exitCode !== 0 && !endedOnInput) {
      return exitProblem(run);
    }
    if (!run.stdout.includes(finalAnswer(scenario))) {
      return `the final answer is missing from its output: ${tail(run.stdout)}`;
    }
    return undefined;
  },
};
