import type { AgentFileServer } from "@tinyloop/agent-files";
import { describe, expect, it } from "vitest";
import { filesystemServerScript, playwrightServerScript } from "../agent/default-agent.js";
import { withBundledServers } from "./bundled-servers.js";

const stdio = (command: string, ...args: string[]): AgentFileServer => ({
  name: "s",
  path: ["servers", 0],
  config: { type: "stdio", command, args, env: { A: "1" } },
  enabled: true,
  autoApprove: [],
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
});
