// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import { describe, expect, it } from "vitest";
import { McpTransportError } from "./errors.js";
import { parseServerConfig } from "./parse-server-config.js";

function messageOf(input: unknown, path?: string): string {
  try {
    parseServerConfig(input, path);
  } catch (error) {
    expect(McpTransportError.isInstance(error)).toBe(true);
    expect((error as McpTransportError).code).toBe("CONFIG_INVALID");
    return (error as Error).message;
  }
  throw new Error("expected parseServerConfig to throw");
}

describe("parseServerConfig", () => {
  it("infers stdio from command and http from url", () => {
    expect(parseServerConfig({ command: "npx", args: ["-y", "x"], env: { A: "1" } })).toEqual({
      command: "npx",
      args: ["-y", "x"],
      env: { A: "1" },
    });
    expect(parseServerConfig({ url: "https://example.com/mcp", headers: { A: "b" } })).toEqual({
      url: "https://example.com/mcp",
      headers: { A: "b" },
    });
    expect(parseServerConfig({ type: "sse", url: "http://localhost:1/sse" }).type).toBe("sse");
    expect(parseServerConfig({ type: "streamable-http", url: "http://localhost:1/mcp" }).type).toBe(
      "http",
    );
  });

  it("accepts every common field", () => {
    const config = parseServerConfig({
      command: "node",
      enabled: false,
      timeouts: { connectMs: 1000, callMs: 2000, maxTotalMs: 5000 },
      reconnect: { initialRetries: 0, sessionRetries: 2, baseDelayMs: 10, maxDelayMs: 100 },
      pingIntervalMs: 500,
    });
    expect(config.reconnect?.sessionRetries).toBe(2);
  });

  it("names the path, what was expected, what was found and an example", () => {
    const message = messageOf({ command: 42 }, "servers[1]");
    expect(message).toContain("servers[1].command: expected a string, got a number (42)");
    expect(message).toContain('example: command: "npx"');
  });

  it("reports nested and multiple problems", () => {
    const message = messageOf(
      { command: "x", args: ["ok", 3], timeouts: { callMs: -1 } },
      "servers.fs",
    );
    expect(message).toContain("servers.fs.args[1]: expected a string, got a number (3)");
    expect(message).toContain(
      "servers.fs.timeouts.callMs: expected a number more than 0, got a number (-1)",
    );
  });

  it("rejects unknown fields and lists the allowed ones", () => {
    const message = messageOf({ command: "x", enviroment: {} }, "servers.fs");
    expect(message).toContain(
      'servers.fs: unknown field "enviroment"; allowed fields: type, command, args, env',
    );
  });

  it("rejects configs that are neither stdio nor http", () => {
    expect(messageOf({ args: [] }, "servers.a")).toContain('expected "command"');
    expect(messageOf({ command: "x", url: "http://a" }, "s")).toContain('both "command" and "url"');
    expect(messageOf({ type: "websocket", url: "ws://a" }, "s")).toContain(
      's.type: expected "stdio", "http" or "sse", got a string ("websocket")',
    );
    expect(messageOf("npx foo")).toContain('expected an object with "command"');
  });

  it("rejects a url that is not http(s), unless it still holds a ${VAR}", () => {
    expect(messageOf({ url: "localhost:3000" }, "servers.web")).toContain(
      'servers.web.url: expected an http(s) URL, got a string ("localhost:3000")',
    );
    expect(parseServerConfig({ url: "${BASE_URL}/mcp" })).toEqual({ url: "${BASE_URL}/mcp" });
  });

  it("rejects a NUL byte in command, args, env names and values, cwd and url before anything starts", () => {
    const cases: Array<[unknown, string]> = [
      [{ command: "no\0de" }, "servers.s.command"],
      [{ command: "node", args: ["ok", "b\0"] }, "servers.s.args[1]"],
      [{ command: "node", env: { KEY: "x\0y" } }, "servers.s.env.KEY"],
      [{ command: "node", env: { "K\0": "x" } }, "servers.s.env"],
      [{ command: "node", cwd: "/tmp\0" }, "servers.s.cwd"],
      [{ url: "http://a/\0" }, "servers.s.url"],
    ];
    for (const [config, where] of cases) {
      const message = messageOf(config, "servers.s");
      expect(message).toContain(where);
      if (where !== "servers.s.env") expect(message).toContain("must not contain a NUL byte");
      expect(message).not.toContain("x\\u0000y"); // an env value is never shown
    }
  });

  it("rejects a CR or LF in a header value or name (an injected header) before anything connects", () => {
    for (const [headers, where] of [
      [{ "X-Api-Key": "abc-SECRET\r\nX-Injected: 1" }, "servers.r.headers.X-Api-Key"],
      [{ "X-Api-Key": "abc-SECRET\nmore" }, "servers.r.headers.X-Api-Key"],
    ] as const) {
      const message = messageOf({ url: "https://example.com/mcp", headers }, "servers.r");
      expect(message).toContain(where);
      expect(message).toContain("must not contain a line break (CR or LF)");
      expect(message).not.toContain("abc-SECRET"); // a header value is never shown
    }
    expect(
      messageOf({ url: "https://example.com/mcp", headers: { "X-A\r\nB": "v" } }, "servers.r"),
    ).toContain("servers.r.headers");
  });
});
