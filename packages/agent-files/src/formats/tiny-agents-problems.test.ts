import { describe, expect, it } from "vitest";
import { AgentFileError } from "../agent-file-error.js";
import { parseJsonc } from "../parse-jsonc.js";
import { ProblemList } from "../problem-list.js";
import { readTinyAgents } from "./tiny-agents.js";

/** The error that reading `agent.json` with `text` throws. */
function errorOf(text: string): AgentFileError {
  try {
    const problems = new ProblemList();
    readTinyAgents(parseJsonc("agent.json", text), () => {}, problems);
    problems.throwAll();
  } catch (error) {
    if (AgentFileError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected the file to be rejected");
}

describe("a tiny-agents file with several mistakes", () => {
  it("says every one at once, in file order, each with an example of its own key", () => {
    const error = errorOf(`{
  "model": 5,
  "servers": [{ "type": "stdio", "command": 7 }, { "type": "http" }],
  "maxTurns": "x"
}`);
    const heads = error.message.split("\n").filter((line) => line.startsWith("agent.json:"));
    expect(heads).toEqual([
      "agent.json:2:12: model: expected a string, got a number (5)",
      "agent.json:3:45: servers[0].command: expected a string, got a number (7)",
      'agent.json:3:50: servers[1]: has neither "command" (a server to start) nor "url" (a server to reach)',
      'agent.json:4:15: maxTurns: expected a number, got a string ("x")',
    ]);
    expect(error.message).toContain('  example: "model": "Qwen/Qwen2.5-72B-Instruct"\n');
    expect(error.message).toContain('  example: "maxTurns": 20');
    // A model error shows a model, not a servers list or a whole file.
    const modelPart = error.message.split("\nagent.json:3:45")[0];
    expect(modelPart).not.toContain("servers");
    expect(error.path).toBe("model");
    expect(error.others.map((other) => other.path)).toEqual([
      "servers[0].command",
      "servers[1]",
      "maxTurns",
    ]);
  });

  it("one mistake is one error, as before", () => {
    const error = errorOf(`{ "model": "m", "maxTurns": 0 }`);
    expect(error.others).toEqual([]);
    expect(error.message.split("\n")[0]).toMatch(/^agent\.json:1:\d+: maxTurns: expected /);
  });
});
