import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentFileServer } from "./agent-file.js";
import { withProvidedCommands } from "./provided-commands.js";

const stdio = (command: string, ...args: string[]): AgentFileServer => ({
  name: "s",
  path: ["servers", 0],
  config: { type: "stdio", command, args, env: { A: "1" } },
  enabled: true,
  autoApprove: [],
});

const provided = {
  "mcp-server-filesystem": () => ({ command: "/usr/bin/node", args: ["/app/fs-server.js"] }),
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("withProvidedCommands", () => {
  it("runs a provided bin that is not on PATH the program's way, before the entry's arguments", () => {
    const [fs] = withProvidedCommands(
      [stdio("mcp-server-filesystem", "/data")],
      provided,
      "/nowhere",
    );
    expect(fs?.config).toEqual({
      type: "stdio",
      command: "/usr/bin/node",
      args: ["/app/fs-server.js", "/data"],
      env: { A: "1" },
    });
  });

  it("leaves a bin found on PATH, other commands, paths and URLs alone", () => {
    dir = mkdtempSync(join(tmpdir(), "agent-files-bins-"));
    writeFileSync(join(dir, "mcp-server-filesystem"), "#!/bin/sh\n");
    chmodSync(join(dir, "mcp-server-filesystem"), 0o755);
    const servers: AgentFileServer[] = [
      stdio("mcp-server-filesystem", "/data"),
      stdio("npx", "-y", "@modelcontextprotocol/server-filesystem"),
      stdio("./mcp-server-filesystem"),
      // A name of Object.prototype is not a provided command.
      stdio("toString"),
      {
        name: "u",
        path: [],
        config: { url: "http://x/mcp", headers: {} },
        enabled: true,
        autoApprove: [],
      },
    ];
    expect(withProvidedCommands(servers, provided, dir)).toEqual(servers);
  });
});
