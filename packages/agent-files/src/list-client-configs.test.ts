import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listClientConfigs, listedConfigText } from "./list-client-configs.js";

let root: string;
let places: { home: string; cwd: string; platform: NodeJS.Platform; env: Record<string, string> };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "list-configs-"));
  places = { home: join(root, "home"), cwd: join(root, "project"), platform: "linux", env: {} };
  mkdirSync(places.home);
  mkdirSync(places.cwd);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe("listClientConfigs", () => {
  it("reads each config found for its servers; a file that cannot be read keeps its problem", async () => {
    write(join(places.cwd, ".mcp.json"), '{ "mcpServers": { "a": { "command": 42 } } }');
    write(
      join(places.home, ".cursor/mcp.json"),
      JSON.stringify({
        mcpServers: { c1: { command: "node" }, c2: { command: "node", disabled: true } },
      }),
    );
    const listed = await listClientConfigs(places);
    expect(listed.map((entry) => [entry.client, entry.scope, entry.servers])).toEqual([
      ["claude-code", "project", null],
      ["cursor", "user", 2],
    ]);
    const [broken, cursor] = listed;
    if (!broken || !cursor) throw new Error("expected two configs");
    expect(broken.problems[0]).toContain("mcpServers.a.command: expected a string, got a number");
    expect(listedConfigText(cursor, { cwd: places.cwd, fromSetting: "--from" })).toBe(
      `Cursor (user, --from cursor)  2 servers (1 disabled)\n  ${join(places.home, ".cursor/mcp.json")}\n  servers: c1, c2`,
    );
    expect(listedConfigText(broken, { cwd: places.cwd, fromSetting: "from" }).split("\n")[0]).toBe(
      "Claude Code (project, from claude-code)  cannot be read",
    );
  });

  it("is empty where no client has a config", async () => {
    expect(await listClientConfigs(places)).toEqual([]);
  });
});
