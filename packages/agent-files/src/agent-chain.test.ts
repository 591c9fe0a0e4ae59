import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkAgentChain } from "./agent-chain.js";
import { AgentFileError } from "./agent-file-error.js";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-chain-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `<name>/agent.json` whose servers are the given agent entries. */
function agentUsing(name: string, ...agents: string[]) {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(
    join(dir, name, "agent.json"),
    JSON.stringify({ servers: agents.map((agent) => ({ agent })) }),
  );
}

const read = (path: string) => readAgentFile(path, { env: {} });
const chainError = async (name: string, maxDepth?: number) => {
  try {
    await checkAgentChain(await read(join(dir, name)), {
      readAgent: read,
      ...(maxDepth ? { maxDepth } : {}),
    });
  } catch (error) {
    expect(AgentFileError.isInstance(error)).toBe(true);
    expect((error as AgentFileError).code).toBe("AGENT_CHAIN");
    return (error as Error).message;
  }
  return undefined;
};

describe("agent entries", () => {
  it("run the named agent (resolved from the file's folder) as `tinyloop mcp serve <path>`", async () => {
    agentUsing("parent", "../child");
    agentUsing("child");
    const parent = await read(join(dir, "parent"));
    expect(parent.servers[0]).toMatchObject({
      agent: join(dir, "child"),
      config: { command: "tinyloop", args: ["mcp", "serve", join(dir, "child")] },
    });
    expect(await chainError("parent")).toBeUndefined();
  });

  it("refuse an entry with both agent and command, naming both and the right form", async () => {
    mkdirSync(join(dir, "bad"));
    writeFileSync(
      join(dir, "bad", "agent.json"),
      JSON.stringify({ servers: [{ agent: "../x", command: "node" }] }),
    );
    await expect(read(join(dir, "bad"))).rejects.toThrow(
      /has both "agent" and "command".*\{ "agent": "\.\.\/researcher" \}/s,
    );
  });
});

describe("checkAgentChain", () => {
  it("refuses a cycle, showing the chain", async () => {
    agentUsing("a", "../b");
    agentUsing("b", "../a");
    const a = join(dir, "a", "agent.json");
    const b = join(dir, "b", "agent.json");
    expect(await chainError("a")).toContain(`form a cycle: ${a} → ${b} → ${a}`);
  });

  it("refuses a missing agent folder, naming the server and the chain", async () => {
    agentUsing("a", "../missing");
    expect(await chainError("a")).toMatch(/the agent server "\S+" cannot be read \(.*missing\)/);
  });

  it("refuses a chain deeper than the limit", async () => {
    agentUsing("a", "../b");
    agentUsing("b", "../c");
    agentUsing("c");
    expect(await chainError("a", 2)).toBeUndefined();
    expect(await chainError("a", 1)).toMatch(/more than 1 levels deep/);
  });
});
