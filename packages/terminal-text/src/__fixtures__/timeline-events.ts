import type { AgentEvent, ToolResultEvent } from "@tinyloop/agent-loop";
import type { ToolCall } from "@tinyloop/inference-adapters";

const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens });
const T = 1_700_000_000_000; // the runs' epoch origin; times below are offsets from it

/** The `tool-result` event of `call` in turn 1: dispatched `from` ms after T, settled at `to`. */
function settled(
  call: ToolCall,
  text: string,
  [from, to]: [number, number],
  outcome: ToolResultEvent["outcome"],
): ToolResultEvent {
  const content = [{ type: "text" as const, text }];
  const result = outcome === "ok" ? { content } : { content, isError: true };
  const times = { startedAt: T + from, endedAt: T + to, durationMs: to - from };
  return { type: "tool-result", turn: 1, call, result, ...times, outcome };
}

const oslo: ToolCall = { id: "a", name: "mcp_weather_get", arguments: '{"city":"Oslo"}' };
const rome: ToolCall = { id: "b", name: "mcp_weather_get", arguments: '{"city":"Rome"}' };
const fail: ToolCall = { id: "f", name: "mcp_fx_fail", arguments: "{}" };
const madeUp: ToolCall = { id: "n", name: "no_such_tool", arguments: "{}" };

/**
 * A run as `agent.run` yields it (text and progress events left out): turn 1 (1.2 s)
 * asks for two weather calls that run in parallel (0.8 s and 0.5 s, overlapping), turn 2
 * (0.4 s) answers. 2.4 s in all.
 */
export const PARALLEL_RUN: AgentEvent[] = [
  { type: "turn-start", turn: 1, startedAt: T },
  { type: "tool-call", turn: 1, call: oslo },
  { type: "tool-call", turn: 1, call: rome },
  settled(rome, "sunny", [1200, 1700], "ok"),
  settled(oslo, "rain", [1200, 2000], "ok"),
  {
    type: "turn-end",
    turn: 1,
    usage: usage(1200, 40),
    finishReason: "tool-calls",
    toolCalls: 2,
    modelEndedAt: T + 1200,
    endedAt: T + 2000,
  },
  { type: "turn-start", turn: 2, startedAt: T + 2000 },
  {
    type: "turn-end",
    turn: 2,
    usage: usage(1300, 25),
    finishReason: "stop",
    toolCalls: 0,
    modelEndedAt: T + 2400,
    endedAt: T + 2400,
  },
  { type: "done", reason: "completed", text: "Rain and sun.", turns: 2, usage: usage(2500, 65) },
];

/**
 * A run that fails: turn 1 calls a tool that answers an error (100 ms) and one the model
 * made up (unavailable, 0 ms), then the model's second call fails (HTTP 429).
 */
export const FAILED_RUN: AgentEvent[] = [
  { type: "turn-start", turn: 1, startedAt: T },
  { type: "tool-call", turn: 1, call: fail },
  { type: "tool-call", turn: 1, call: madeUp },
  settled(madeUp, "unknown tool", [600, 600], "unavailable"),
  settled(fail, "fixture failure", [600, 700], "error"),
  {
    type: "turn-end",
    turn: 1,
    usage: usage(300, 20),
    finishReason: "tool-calls",
    toolCalls: 2,
    modelEndedAt: T + 600,
    endedAt: T + 700,
  },
  { type: "turn-start", turn: 2, startedAt: T + 700 },
  { type: "turn-end", turn: 2, toolCalls: 0, modelEndedAt: T + 1000, endedAt: T + 1000 },
  {
    type: "done",
    reason: "error",
    error: new Error("Rate limited"),
    turns: 2,
    usage: usage(300, 20),
  },
];
