import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { splitCommandLine, toConnectEntries, withAdHocServers } from "./server-configs.js";

describe("splitCommandLine", () => {
  it("splits on spaces and keeps quoted words together, without a shell", () => {
    expect(splitCommandLine(`node server.js --root 'my dir' --name "a b" ''`)).toEqual([
      "node",
      "server.js",
      "--root",
      "my dir",
      "--name",
      "a b",
      "",
    ]);
  });
  it("rejects an unclosed quote", () => {
    expect(() => splitCommandLine(`node "x`)).toThrow(/quote is not closed/);
  });
});

describe("withAdHocServers", () => {
  it("adds --server and --url entries with unique derived names", () => {
    const servers = withAdHocServers([], {
      commands: ["npx @playwright/mcp", "npx @playwright/mcp --isolated"],
      urls: ["http://127.0.0.1:9/mcp"],
    });
    expect(servers.map((s) => s.name)).toEqual(["playwright", "playwright-2", "localhost-9"]);
    expect(servers[2]?.transport).toEqual({
      type: "auto",
      url: "http://127.0.0.1:9/mcp",
      headers: {},
    });
  });
  it("rejects a URL that does not parse", () => {
    let error: unknown;
    try {
      withAdHocServers([], { urls: ["not a url"] });
    } catch (e) {
      error = e;
    }
    expect(CliError.isInstance(error) && error.message).toContain(
      `--url "not a url": expected an http(s) URL`,
    );
  });
});

describe("toConnectEntries", () => {
  it("maps transports, filters and Hermes timeouts to connectAll's record", () => {
    const entries = toConnectEntries(
      [
        {
          name: "a",
          origin: [],
          transport: { type: "stdio", command: "node", args: ["s.js"], env: { X: "1" } },
          include: ["read_*"],
          callTimeoutMs: 90_000,
          connectTimeoutMs: 500,
        },
        {
          name: "b",
          origin: [],
          transport: { type: "auto", url: "http://h/mcp", headers: { A: "b" } },
        },
        { name: "c", origin: [], transport: { type: "sse", url: "http://h/sse", headers: {} } },
      ],
      { extraEnv: { M: "2" } },
    );
    expect(entries).toEqual({
      a: {
        type: "stdio",
        command: "node",
        args: ["s.js"],
        env: { X: "1", M: "2" },
        timeouts: { callMs: 90_000, connectMs: 500 },
        tools: { include: ["read_*"] },
      },
      b: { url: "http://h/mcp", headers: { A: "b" } },
      c: { type: "sse", url: "http://h/sse", headers: {} },
    });
  });

  it("passes per-server lazy and alwaysLoad on when the agent's server carries them", () => {
    const server = {
      name: "a",
      origin: [],
      transport: { type: "stdio" as const, command: "node", args: [], env: {} },
      lazy: true,
      alwaysLoad: false,
    };
    expect(toConnectEntries([server]).a).toMatchObject({ lazy: true, alwaysLoad: false });
    const { lazy: _l, alwaysLoad: _a, ...plain } = server;
    expect(toConnectEntries([plain]).a).not.toHaveProperty("lazy");
  });
});
