// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the example spells ${API_TOKEN} literally
import { describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { splitCommandLine, withAdHocServers } from "./command-line-servers.js";

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
    expect(servers[2]?.config).toEqual({ url: "http://127.0.0.1:9/mcp", headers: {} });
  });
  it("rejects a URL that does not parse", () => {
    let error: unknown;
    try {
      withAdHocServers([], { urls: ["not a url"] });
    } catch (e) {
      error = e;
    }
    expect(AgentFileError.isInstance(error) && error.message).toContain(
      `--url "not a url": expected an http(s) URL`,
    );
  });
  it("refuses a URL with credentials as a config error, naming the flag with them masked", () => {
    let error: unknown;
    try {
      withAdHocServers([], { urls: ["http://me:pw-SECRET@127.0.0.1:9/mcp?token=qry-SECRET"] });
    } catch (e) {
      error = e;
    }
    expect(AgentFileError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect((error as AgentFileError).code).toBe("INVALID");
    expect(message).toMatch(
      /^--url "http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:9\/mcp\?token=\*\*\*": the URL .* holds credentials/,
    );
    expect(message).toContain('"Authorization": "Bearer ${API_TOKEN}"');
    expect(message).not.toContain("SECRET");
  });
  it("refuses a command with a NUL byte, naming the --server flag", () => {
    expect(() => withAdHocServers([], { commands: ["node a\0b.js"] })).toThrow(
      /^--server "node a.*b\.js": must not contain a NUL byte/,
    );
  });
});
