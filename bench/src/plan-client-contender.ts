import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MARKER_VARIABLE } from "@tinyloop/test-fixtures";
import type { Script } from "@tinyloop/test-fixtures/model-server";
import { type Contender, exitProblem, tail } from "./contender.js";
import type { LoopFloorPlan } from "./loop-floor-plan.js";
import { inOwnSession } from "./own-session.js";
import { finalAnswer, type Scenario } from "./scenarios.js";

/** What differs between the contenders that are a small script reading a {@link LoopFloorPlan}. */
export interface PlanClientOptions {
  id: string;
  label: string;
  /** The script's file name in bench/dist (`loop-floor-client.js`). */
  client: string;
  script(scenario: Scenario): Script;
}

/**
 * A contender that runs `node dist/<client> plan.json`: the plan names the servers (started
 * in their own session, with the run's marker in their env), the model's base URL and the
 * prompt; the script prints the final answer on stdout and exits 0.
 */
export function planClientContender(options: PlanClientOptions): Contender {
  const clientPath = fileURLToPath(new URL(`../dist/${options.client}`, import.meta.url));
  return {
    id: options.id,
    label: options.label,
    unsupported: () => undefined,
    script: options.script,
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
      const planPath = join(context.dir, `${options.id}-plan.json`);
      writeFileSync(planPath, JSON.stringify(plan));
      return { command: process.execPath, args: [clientPath, planPath], timeoutMs: 180_000 };
    },
    check(scenario, run) {
      if (run.exitCode !== 0) return exitProblem(run);
      if (!run.stdout.includes(finalAnswer(scenario))) {
        return `the final answer is missing from its output: ${tail(run.stdout)}`;
      }
      return undefined;
    },
  };
}
