import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentFileServer } from "@tinyloop/agent-files";
import { afterEach, describe, expect, it } from "vitest";
import { filesystemServerScript, playwrightServerScript } from "../agent/default-agent.js";
import { withBundledServers } from "./bundled-servers.js";

const stdio = (command: string, ...args: string[]): AgentFileServer => ({
  name: "s",
  path: ["servers", 0],
  config: { type: "stdio", command, args, env: { A: "1" } },
  enabled: true,
  autoApprove: [],
});

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("withBundledServers", () => {
  it("runs a bundled bin that is not on PATH from the CLI's own dependencies", () => {
    const [fs, pw] = withBundledServers(
      [stdio("mcp-server-filesystem", "/data"), stdio("playwright-mcp", "--headless")],
      "/nowhere",
    );
    expect(fs?.config).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [filesystemServerScript(), "/data"],
      env: { A: "1" },
    });
    expect(pw?.config).toMatchObject({
      command: process.execPath,
      args: [playwrightServerScript(), "--headless"],
    });
  });

  it("leaves a bin found on PATH, other commands and URLs alone", () => {
    dir = mkdtempSync(join(tmpdir(), "tinyloop-bins-"));
    writeFileSync(join(dir, "mcp-server-filesystem"), "#!/bin/sh\n");
    chmodSync(join(dir, "mcp-server-filesystem"), 0o755);
    const servers: AgentFileServer[] = [
      stdio("mcp-server-filesystem", "/data"),
      stdio("npx", "-y", "@modelcontextprotocol/server-filesystem"),
      stdio("./mcp-server-filesystem"),
      {
        name: "u",
        path: [],
        config: { url: "http://x/mcp", headers: {} },
        enabled: true,
        autoApprove: [],
      },
    ];
    expect(withBundledServers(servers, dir)).toEqual(servers);
  });
});
