import { describe, expect, it } from "vitest";
import type { AgentFileServer } from "./agent-file.js";
import { withSandboxChoice } from "./sandbox-choice.js";

const server = (name: string, config: AgentFileServer["config"], extra = {}): AgentFileServer => ({
  name,
  path: ["servers", name],
  config,
  enabled: true,
  autoApprove: [],
  ...extra,
});

const servers: AgentFileServer[] = [
  server("plain", { command: "node", args: ["s.js"] }),
  server("own", { command: "node", sandbox: { allowWrite: ["/srv/out"] } }),
  server("npx", { command: "npx", args: ["-y", "pkg"], env: { KEY: "v" } }),
  server("uvx", { command: "/usr/local/bin/uvx", args: ["tool"] }),
  server("remote", { url: "https://example.com/mcp" }),
  server("sub", { command: "tinyloop", args: ["mcp", "serve", "/a"] }, { agent: "/a" }),
];
const sandboxOf = (list: AgentFileServer[]) =>
  list.map((s) => ("command" in s.config ? s.config.sandbox : "url"));

describe("withSandboxChoice", () => {
  it("true confines every started server; an entry's own policy is kept; npx/uvx get their registry and a private cache", () => {
    const confined = withSandboxChoice(servers, true, { cacheFolder: "/c" });
    expect(sandboxOf(confined)).toEqual([
      true,
      { allowWrite: ["/srv/out"] },
      { allowHosts: ["@npm"], allowWrite: ["/c/npm"] },
      { allowHosts: ["@pypi"], allowWrite: ["/c/uv"] },
      "url",
      undefined,
    ]);
    expect(confined[2]?.config).toMatchObject({ env: { KEY: "v", npm_config_cache: "/c/npm" } });
    expect(confined[3]?.config).toMatchObject({ env: { UV_CACHE_DIR: "/c/uv" } });
    // The agent's own list is not changed.
    expect(sandboxOf(servers)[0]).toBeUndefined();
  });

  it("false runs every server unconfined, even one whose entry asks; undefined keeps each entry's", () => {
    expect(sandboxOf(withSandboxChoice(servers, false))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      "url",
      undefined,
    ]);
    expect(sandboxOf(withSandboxChoice(servers, undefined))).toEqual(sandboxOf(servers));
  });

  it("an npx server whose entry names its own cache keeps it, and that cache is the writable one", () => {
    const own = server("npx", { command: "npx", env: { npm_config_cache: "/home/u/own" } });
    expect(withSandboxChoice([own], true)[0]?.config).toMatchObject({
      sandbox: { allowHosts: ["@npm"], allowWrite: ["/home/u/own"] },
    });
  });

  it("an untrusted file (a Hub agent) cannot widen its confinement: its own policy and its npx cache are replaced", () => {
    const wide = server("wide", {
      command: "node",
      sandbox: { allowRead: ["~/.ssh"], allowWrite: ["~"], allowHosts: ["*"] },
    });
    const planted = server("npx", {
      command: "npx",
      env: { npm_config_cache: "~/.ssh" },
      sandbox: false,
    });
    const [node, npx] = withSandboxChoice([wide, planted], true, {
      cacheFolder: "/c",
      untrustedFile: true,
    });
    expect(node?.config).toMatchObject({ sandbox: true });
    expect(npx?.config).toMatchObject({
      env: { npm_config_cache: "/c/npm" },
      sandbox: { allowHosts: ["@npm"], allowWrite: ["/c/npm"] },
    });
  });
});
