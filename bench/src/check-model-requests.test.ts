import { describe, expect, it } from "vitest";
import { checkModelRequests } from "./check-model-requests.js";
import type { LoggedRequest } from "./model-server-process.js";
import { scenarios } from "./scenarios.js";

const parallel = scenarios.find((scenario) => scenario.id === "parallel-tools")!;

function request(index: number, messages: unknown[], tools = 15): LoggedRequest {
  return { index, status: 200, turn: index, body: { messages, tools: Array(tools).fill({}) } };
}

const toolResults = (text: (i: number) => string) =>
  Array.from({ length: 8 }, (_, i) => ({ role: "tool", content: text(i) }));

describe("checkModelRequests", () => {
  it("accepts a run that sent back every tool result", () => {
    const log = [
      request(0, []),
      request(
        1,
        toolResults(() => "slept 200ms"),
      ),
    ];
    expect(checkModelRequests(parallel, log, { requests: 2, minTools: 15 })).toBeUndefined();
  });

  it("names a tool result that is not what the server answers", () => {
    const log = [
      request(0, []),
      request(
        1,
        toolResults((i) => (i === 3 ? "Error: unknown tool" : "slept 200ms")),
      ),
    ];
    expect(checkModelRequests(parallel, log, { requests: 2, minTools: 15 })).toMatch(
      /tool result 3 \(sleep\) should contain "slept 200ms"/,
    );
  });

  it("notices a run that stopped early or advertised too few tools", () => {
    expect(checkModelRequests(parallel, [request(0, [])], { requests: 2, minTools: 15 })).toMatch(
      /1 requests, the script has 2 turns/,
    );
    const log = [
      request(0, [], 3),
      request(
        1,
        toolResults(() => "slept 200ms"),
      ),
    ];
    expect(checkModelRequests(parallel, log, { requests: 2, minTools: 15 })).toMatch(
      /advertised 3 tools/,
    );
  });
});
