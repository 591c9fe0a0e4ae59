import type { AgentEvent } from "@tinyloop/agent-loop";

const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens });
const T = 1_700_000_000_000; // the runs' epoch origin; times below are offsets from it

/**
 * A run as `agent.run` yields it (text and progress events left out): turn 1 (1.2 s)
 * asks for two weather calls that run in parallel (0.8 s and 0.5 s, overlapping), turn 2
 * (0.4 s) answers. 2.4 s in all.
 */
export const PARALLEL_RUN: AgentEvent[] = [
  { type: "turn-start", turn: 1, startedAt: T },
  {
    type: "tool-call",
    turn: 1,
    call: { id: "a", name: "mcp_weather_get", arguments: '{"city":"Oslo"}' },
  },
  {
    type: "tool-call",
    turn: 1,
    call: { id: "b", name: "mcp_weather_get", arguments: '{"city":"Rome"}' },
  },
  {
    type: "tool-result",
    turn: 1,
    call: { id: "b", name: "mcp_weather_get", arguments: '{"city":"Rome"}' },
    result: { content: [{ type: "text", text: "sunny" }] },
    startedAt: T + 1200,
    endedAt: T + 1700,
    durationMs: 500,
    outcome: "ok",
  },
  {
    type: "tool-result",
    turn: 1,
    call: { id: "a", name: "mcp_weather_get", arguments: '{"city":"Oslo"}' },
    result: { content: [{ type: "text", text: "rain" }] },
    startedAt: T + 1200,
    endedAt: T + 2000,
    durationMs: 800,
    outcome: "ok",
  },
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
  {
    type: "done",
    reason: "completed",
    text: "Rain in Oslo, sun in Rome.",
    turns: 2,
    usage: usage(2500, 65),
  },
];

/**
 * A run that fails: turn 1 calls a tool that answers an error (100 ms) and one the model
 * made up (unavailable, 0 ms), then the model's second call fails (HTTP 429).
 */
export const FAILED_RUN: AgentEvent[] = [
  { type: "turn-start", turn: 1, startedAt: T },
  { type: "tool-call", turn: 1, call: { id: "f", name: "mcp_fx_fail", arguments: "{}" } },
  { type: "tool-call", turn: 1, call: { id: "n", name: "no_such_tool", arguments: "{}" } },
  {
    type: "tool-result",
    turn: 1,
    call: { id: "n", name: "no_such_tool", arguments: "{}" },
    result: { content: [{ type: "text", text: "unknown tool" }], isError: true },
    startedAt: T + 600,
    endedAt: T + 600,
    durationMs: 0,
    outcome: "unavailable",
  },
  {
    type: "tool-result",
    turn: 1,
    call: { id: "f", name: "mcp_fx_fail", arguments: "{}" },
    result: { content: [{ type: "text", text: "fixture failure" }], isError: true },
    startedAt: T + 600,
    endedAt: T + 700,
    durationMs: 100,
    outcome: "error",
  },
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
