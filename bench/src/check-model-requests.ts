import type { LoggedRequest } from "./model-server-process.js";
import { allCalls, type Scenario } from "./scenarios.js";

interface WireMessage {
  role?: string;
  content?: unknown;
}

interface WireBody {
  messages?: WireMessage[];
  tools?: unknown[];
}

/**
 * Checks, from the scripted model server's request log, that an agent contender really did
 * the scenario's work: it played the whole script, advertised at least the tools the floor
 * listed, and sent back every tool result, in call order, with the text the fixture
 * server answers (so no call failed or went to the wrong tool).
 */
export function checkModelRequests(
  scenario: Scenario,
  requests: LoggedRequest[],
  expected: { requests: number; minTools: number },
): string | undefined {
  if (requests.length !== expected.requests) {
    return `the model got ${requests.length} requests, the script has ${expected.requests} turns`;
  }
  const failed = requests.find((request) => request.status !== 200);
  if (failed) return `model request ${failed.index} got HTTP ${failed.status}`;
  const first = requests[0]?.body as WireBody | undefined;
  const advertised = first?.tools?.length ?? 0;
  if (advertised < expected.minTools) {
    return `the first model request advertised ${advertised} tools, the servers have ${expected.minTools}`;
  }
  const last = requests.at(-1)?.body as WireBody | undefined;
  const results = (last?.messages ?? []).filter((message) => message.role === "tool");
  const calls = allCalls(scenario);
  if (results.length !== calls.length) {
    return `the last model request holds ${results.length} tool results, expected ${calls.length}`;
  }
  for (const [index, call] of calls.entries()) {
    const content = JSON.stringify(results[index]?.content ?? "");
    if (!content.includes(call.expect)) {
      return `tool result ${index} (${call.tool}) should contain "${call.expect}", got ${content.slice(0, 200)}`;
    }
  }
  return undefined;
}
