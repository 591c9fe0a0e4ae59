import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MARKER_VARIABLE } from "@tinyloop/test-fixtures";
import { type Contender, tail } from "./contender.js";
import type { LoopFloorPlan } from "./loop-floor-plan.js";
import { inOwnSession } from "./own-session.js";
import { finalAnswer } from "./scenarios.js";
import { tinyloopContender } from "./tinyloop-contender.js";

const loopFloorClient = fileURLToPath(new URL("../dist/loop-floor-client.js", import.meta.url));

/**
 * A second, stricter baseline (not in issue 9's list): raw SDK + fetch doing the model's
 * HTTP round trips too, with no agent-loop machinery. tinyloop ÷ loop floor is what the
 * loop itself adds; floor → loop floor is what any runner pays for talking to a model.
 */
export const loopFloorContender: Contender = {
  id: "loop-floor",
  label: "loop floor (raw SDK + fetch)",
  unsupported: () => undefined,
  // Same tool names as tinyloop, so it plays tinyloop's script.
  script: (scenario) => tinyloopContender.script(scenario),
  prepare(scenario, context) {
    const plan: LoopFloorPlan = {
      servers: scenario.servers.map((server) => ({
        name: server.name,
        ...inOwnSession(process.execPath, [context.fixtureServerPath, ...server.flags]),
        env: { [MARKER_VARIABLE]: context.marker },
      })),
      baseURL: `${context.modelUrl}/v1`,
      model: "scripted",
      prompt: scenario.prompt,
      maxTurns: 1_000,
    };
    const planPath = join(context.dir, "loop-floor-plan.json");
    writeFileSync(planPath, JSON.stringify(plan));
    return { command: process.execPath, args: [loopFloorClient, planPath], timeoutMs: 120_000 };
  },
  check(scenario, run) {
    if (run.exitCode !== 0) return `exit code ${run.exitCode}: ${tail(run.stderr)}`;
    if (!run.stdout.includes(finalAnswer(scenario))) {
      return `the final answer is missing from its output: ${tail(run.stdout)}`;
    }
    return undefined;
  },
};
