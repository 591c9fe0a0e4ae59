import { describe } from "vitest";
import { useAgentSuite } from "./agent-suite-context.js";
import type { MakeRig } from "./model-rig.js";
import { defineAbortAndResultTests } from "./suite-abort-and-results.js";
import { defineStopTests } from "./suite-stops.js";
import { defineToolCallTests } from "./suite-tool-calls.js";

/**
 * The behaviour every adapter must show through the agent: the same tests, run once per
 * adapter (the replay model, and the OpenAI-compatible and Anthropic adapters against the
 * scripted server). Tools are real: built-ins and the tools of a fixture MCP server process.
 */
export function defineAgentSuite(label: string, makeRig: MakeRig): void {
  describe(`Agent with ${label}`, () => {
    const suite = useAgentSuite(makeRig);
    defineStopTests(suite);
    defineToolCallTests(suite);
    defineAbortAndResultTests(suite);
  });
}
