import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MARKER_VARIABLE } from "@tinyloop/test-fixtures";
import { type Contender, exitProblem, tail } from "./contender.js";
import type { FloorPlan } from "./floor-plan.js";
import { inOwnSession } from "./own-session.js";
import { allCalls } from "./scenarios.js";

const floorClient = fileURLToPath(new URL("../dist/floor-client.js", import.meta.url));

/** The floor: the raw MCP SDK client doing the same MCP work, no agent loop, no model. */
export const floorContender: Contender = {
  id: "floor",
  label: "floor (raw MCP SDK)",
  unsupported: () => undefined,
  script: () => undefined,
  prepare(scenario, context) {
    const plan: FloorPlan = {
      servers: scenario.servers.map((server) => ({
        name: server.name,
        ...inOwnSession(process.execPath, [context.fixtureServerPath, ...server.flags]),
        env: { [MARKER_VARIABLE]: context.marker },
      })),
      batches: scenario.turns.flatMap((turn) =>
        turn.kind === "tools"
          ? [
              turn.calls.map(({ server, tool, arguments: args }) => ({
                server,
                tool,
                arguments: args,
              })),
            ]
          : [],
      ),
      idleMs: scenario.turns.reduce(
        (sum, turn) => sum + (turn.kind === "answer" ? (turn.delayMs ?? 0) : 0),
        0,
      ),
    };
    const planPath = join(context.dir, "floor-plan.json");
    writeFileSync(planPath, JSON.stringify(plan));
    return { command: process.execPath, args: [floorClient, planPath], timeoutMs: 120_000 };
  },
  check(scenario, run) {
    if (run.exitCode !== 0) return exitProblem(run);
    const expected = `floor done: ${scenario.servers.length} servers, `;
    const calls = `, ${allCalls(scenario).length} calls`;
    if (!run.stdout.includes(expected) || !run.stdout.includes(calls)) {
      return `unexpected output: ${tail(run.stdout)}`;
    }
    return undefined;
  },
};

/** The tool count the floor listed, from its output line. */
export function floorToolCount(stdout: string): number | undefined {
  const match = /floor done: \d+ servers, (\d+) tools/.exec(stdout);
  return match?.[1] ? Number(match[1]) : undefined;
}
