import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultAgent } from "./default-agent.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tinyloop-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("defaultAgent", () => {
  it("has the filesystem server from the CLI's own dependencies on the current folder", () => {
    const agent = defaultAgent({ cwd: dir, pathVariable: dir });
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem"]);
    expect(agent.servers[0]?.config).toMatchObject({
      command: process.execPath,
      args: [expect.stringContaining("server-filesystem"), dir],
    });
  });

  it("adds Playwright when chromium is on PATH", () => {
    mkdirSync(join(dir, "bin"));
    writeFileSync(join(dir, "bin/chromium"), "#!/bin/sh\n");
    chmodSync(join(dir, "bin/chromium"), 0o755);
    const agent = defaultAgent({ cwd: dir, pathVariable: join(dir, "bin") });
    expect(agent.servers.map((s) => s.name)).toEqual(["filesystem", "playwright"]);
    expect(agent.servers[1]?.config).toMatchObject({
      args: [
        expect.stringContaining("cli.js"),
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
