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
  it("rejects an unclosed quote, naming the line by its label", () => {
    expect(() => splitCommandLine(`node "x`)).toThrow(
      /^server command "node \\"x": a " quote is not closed/,
    );
    expect(() => splitCommandLine(`node "x`, "--server")).toThrow(/^--server "node \\"x": a "/);
  });
});

/** How the tinyloop CLI labels these servers (its flags). */
const CLI_LABELS = { command: "--server", url: "--url" };

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
      withAdHocServers([], { urls: ["not a url"], labels: CLI_LABELS });
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
      withAdHocServers([], {
        urls: ["http://me:pw-SECRET@127.0.0.1:9/mcp?token=qry-SECRET"],
        labels: CLI_LABELS,
      });
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
    expect(() => withAdHocServers([], { commands: ["node a\0b.js"], labels: CLI_LABELS })).toThrow(
      /^--server "node a.*b\.js": must not contain a NUL byte/,
    );
  });
  it("names no flag of its own: without labels, a server command and a server URL", () => {
    expect(() => withAdHocServers([], { commands: [""] })).toThrow(
      /^server command: expected a command, got an empty string[\s\S]*example: server command "node server\.js"/,
    );
    expect(() => withAdHocServers([], { urls: ["ftp://x"] })).toThrow(
      /^server URL "ftp:\/\/x\/?": expected an http\(s\) URL[\s\S]*example: server URL http:/,
    );
  });
});
