import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "../agent-file-error.js";
import { type ReadAgentTargetOptions, readAgentTarget } from "./read-agent-target.js";

let dir: string;
let home: string;
let notes: string[];
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-target-"));
  home = join(dir, "home");
  mkdirSync(home);
  notes = [];
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const servers = (name: string) =>
  JSON.stringify({ mcpServers: { [name]: { command: "node", args: ["s.js"] } } });

function options(extra: Partial<ReadAgentTargetOptions> = {}): ReadAgentTargetOptions {
  const env = { HOME: home, PATH: "/usr/bin" };
  return {
    places: { home, cwd: dir, platform: "linux", env },
    env,
    names: { from: "--from", listCommand: "tool config list" },
    warnMissingCommands: false,
    onNote: (text) => notes.push(text),
    onWarning: (text) => warnings.push(text),
    onHubAgent: () => {
      throw new Error("no Hub agent in these tests");
    },
    ...extra,
  };
}

describe("readAgentTarget", () => {
  it("reads a file named as the target", async () => {
    writeFileSync(join(dir, "agent.json"), servers("fs"));
    const agent = await readAgentTarget("agent.json", options());
    expect(agent.servers.map((s) => s.name)).toEqual(["fs"]);
    expect(notes).toEqual([]);
  });

  it("without a target, uses the folder's project config and says which, else the default agent", async () => {
    const none = await readAgentTarget(undefined, options());
    expect(none.format).toBe("default");
    writeFileSync(join(dir, ".mcp.json"), servers("proj"));
    const agent = await readAgentTarget(undefined, options());
    expect(agent.servers.map((s) => s.name)).toEqual(["proj"]);
    expect(notes).toEqual([
      "no agent given: using .mcp.json in this folder (Claude Code's project config)",
    ]);
  });

  it("from: a client's configs, the files read said as a note; an unknown client names the setting", async () => {
    mkdirSync(join(dir, ".cursor"));
    writeFileSync(join(dir, ".cursor", "mcp.json"), servers("cur"));
    const agent = await readAgentTarget(undefined, options({ from: "cursor" }));
    expect(agent.servers.map((s) => s.name)).toEqual(["cur"]);
    expect(notes).toEqual([`--from cursor: read ${join(dir, ".cursor", "mcp.json")}`]);
    await expect(readAgentTarget(undefined, options({ from: "cursr" }))).rejects.toThrow(
      /^--from: expected a client name or all, got "cursr" \(example: --from cursor\)\. Clients: /,
    );
    await expect(readAgentTarget(undefined, options({ from: "zed" }))).rejects.toThrow(
      /^--from zed: no Zed configuration found; looked in /,
    );
  });

  it("refuses a target and from together, naming both", async () => {
    const both = readAgentTarget("x.json", options({ from: "zed" }));
    await expect(both).rejects.toSatisfy((e) => AgentFileError.isInstance(e));
    await expect(both).rejects.toThrow(
      'give an agent or --from, not both (got the agent "x.json" and --from zed)',
    );
  });
});
