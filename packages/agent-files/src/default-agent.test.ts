import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultAgent } from "./default-agent.js";
import { toServerEntries } from "./server-entries.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "default-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("defaultAgent", () => {
  it("has the filesystem server, by its bin name, on the current folder", () => {
    const agent = defaultAgent({ cwd: dir, pathVariable: dir });
    expect(agent).toMatchObject({ format: "default", name: "default agent", warnings: [] });
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem"]);
    expect(toServerEntries(agent.servers)).toEqual({
      filesystem: { type: "stdio", command: "mcp-server-filesystem", args: [dir], env: {} },
    });
  });

  it("adds Playwright on the system's chromium when chromium is on PATH", () => {
    mkdirSync(join(dir, "bin"));
    writeFileSync(join(dir, "bin/chromium"), "#!/bin/sh\n");
    chmodSync(join(dir, "bin/chromium"), 0o755);
    const agent = defaultAgent({ cwd: dir, pathVariable: join(dir, "bin") });
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem", "playwright"]);
    expect(agent.servers[1]?.config).toMatchObject({
      command: "playwright-mcp",
      args: [
        "--headless",
        "--browser",
        "chromium",
        "--executable-path",
        join(dir, "bin/chromium"),
        "--no-sandbox",
        "--isolated",
      ],
    });
  });
});
