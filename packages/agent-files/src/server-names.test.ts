import { describe, expect, it } from "vitest";
import { deriveServerName, uniqueNames } from "./server-names.js";

const stdio = (command: string, ...args: string[]) => ({
  type: "stdio" as const,
  command,
  args,
  env: {},
});
const http = (url: string) => ({ type: "http" as const, url, headers: {} });

describe("deriveServerName", () => {
  it.each([
    [stdio("npx", "@playwright/mcp@latest"), "playwright"],
    [stdio("npx", "-y", "@modelcontextprotocol/server-filesystem", "."), "filesystem"],
    [stdio("uvx", "mcp-server-time"), "time"],
    [stdio("pnpm", "dlx", "github-mcp-server"), "github"],
    [
      stdio(
        "node",
        "/x/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
        "stdio",
      ),
      "everything",
    ],
    [stdio("node", "/repo/tooling/fixtures/dist/mcp-server/bin.js"), "fixtures"],
    [stdio("/usr/local/bin/mcp-server-sqlite", "--db", "x.db"), "sqlite"],
    [stdio("docker", "run", "-i", "--rm", "ghcr.io/github/github-mcp-server"), "github"],
    [http("https://huggingface.co/mcp"), "huggingface"],
    [http("https://mcp.example.com/sse"), "example"],
    [http("http://127.0.0.1:3001/mcp"), "localhost-3001"],
  ])("%j → %s", (transport, name) => {
    expect(deriveServerName(transport)).toBe(name);
  });
});

describe("uniqueNames", () => {
  it("numbers repeats from 2", () => {
    expect(uniqueNames(["a", "b", "a", "a"])).toEqual(["a", "b", "a-2", "a-3"]);
  });
});
