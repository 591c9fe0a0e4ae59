import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeAgentFiles } from "./merge-agent-files.js";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "merge-agents-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function file(name: string, servers: Record<string, string>) {
  const path = join(dir, name);
  const entries = Object.entries(servers).map(([n, command]) => [n, { command }]);
  writeFileSync(path, JSON.stringify({ model: "m", mcpServers: Object.fromEntries(entries) }));
  return readAgentFile(path, { env: {} });
}

describe("mergeAgentFiles", () => {
  it("keeps the first file's server on a name clash and warns naming both files", async () => {
    const first = await file("a.json", { github: "gh-a", docs: "docs" });
    const second = await file("b.json", { github: "gh-b", fetch: "fetch" });

    const merged = mergeAgentFiles([first, second], "all clients");

    expect(merged.servers.map((s) => [s.name, (s.config as { command: string }).command])).toEqual([
      ["github", "gh-a"],
      ["docs", "docs"],
      ["fetch", "fetch"],
    ]);
    expect(merged.warnings.map((w) => w.text)).toEqual([
      `${join(dir, "b.json")}: warning: mcpServers.github: server "github" skipped: the name is taken by ${join(dir, "a.json")} (the first file found wins; rename one of them to run both)`,
    ]);
    expect(merged).toMatchObject({ name: "all clients", endWhen: "text" });
    expect(merged.model).toBeUndefined();
  });

  it("returns a single file as it is, model included", async () => {
    const only = await file("a.json", { docs: "docs" });
    expect(mergeAgentFiles([only], "cursor")).toBe(only);
  });
});
