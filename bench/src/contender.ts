import type { Script } from "@tinyloop/test-fixtures/model-server";
import type { RunMeasurement, RunSpec } from "./measure-run.js";
import type { Scenario, ScenarioCall } from "./scenarios.js";

/** Where a contender writes its per-run files and finds the model. */
export interface RunContext {
  /** A fresh directory for this run's files. */
  dir: string;
  /** Marker to put in every server's environment (see measure-run.ts). */
  marker: string;
  /** Base URL of the scripted model server (`http://127.0.0.1:PORT`), for contenders with a model. */
  modelUrl: string;
  /** Absolute path of the built fixture MCP server. */
  fixtureServerPath: string;
}

/** One runner being compared. */
export interface Contender {
  id: string;
  label: string;
  /** Why the contender cannot run `scenario`, or undefined when it can. */
  unsupported(scenario: Scenario): string | undefined;
  /** The script its model plays, or undefined for a contender with no model (the floor). */
  script(scenario: Scenario): Script | undefined;
  /** The command for one run; writes any files it needs into `context.dir`. */
  prepare(scenario: Scenario, context: RunContext): RunSpec;
  /** Checks one run did the scenario's work; returns what is wrong, or undefined. */
  check(scenario: Scenario, run: RunMeasurement): string | undefined;
}

/**
 * The model script for an agent contender: one scripted turn per scenario turn, tool calls
 * named the way that runner registers them. `probeTurns` adds plain-text turns at the end
 * for runners that ask the model again after it answered.
 */
export function agentScript(
  scenario: Scenario,
  toolName: (call: ScenarioCall) => string,
  probeTurns = 0,
): Script {
  const turns: Script = scenario.turns.map((turn, turnIndex) =>
    turn.kind === "tools"
      ? {
          toolCalls: turn.calls.map((call, callIndex) => ({
            id: `call_${turnIndex}_${callIndex}`,
            name: toolName(call),
            arguments: call.arguments,
          })),
        }
      : { text: turn.text, ...(turn.delayMs ? { headersDelayMs: turn.delayMs } : {}) },
  );
  for (let i = 0; i < probeTurns; i++) turns.push({ text: "(nothing more to do)" });
  return turns;
}

/** The last lines of a text, for error messages. */
export function tail(text: string, lines = 8): string {
  return text.trim().split("\n").slice(-lines).join("\n");
}

/**
 * Why a contender's process failed: `exit code 1: Error: write EPIPE` on the first line (the
 * report keeps only that line, so it names the error, not the last frame of its stack), then
 * the last lines of stderr.
 */
export function exitProblem(run: { exitCode: number | null; stderr: string }): string {
  const lines = run.stderr.trim().split("\n");
  const error = lines.findLast((line) => /^(?:Uncaught )?[A-Za-z]*Error\b.*:/.test(line.trim()));
  const code = lines
    .map((line) => /^\s*code: '([A-Z_]+)'/.exec(line)?.[1])
    .findLast((found) => found !== undefined);
  const headline = (error ?? lines.at(-1) ?? "").trim() || "(no stderr)";
  const named = code && !headline.includes(code) ? `${headline} (code: '${code}')` : headline;
  return `exit code ${run.exitCode}: ${named}\n${tail(run.stderr)}`;
}
