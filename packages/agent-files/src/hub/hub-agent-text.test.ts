import { describe, expect, it } from "vitest";
import type { AgentFile, AgentFileServer } from "../agent-file.js";
import type { HubAgentSource } from "./hub-agent.js";
import { hubAgentSourceText } from "./hub-agent-text.js";

const commit = "0123456789abcdef0123456789abcdef01234567";
const source: HubAgentSource = {
  id: "tiny-agents/web",
  revision: "main",
  commit,
  endpoint: "https://huggingface.co",
  folder: "/cache/web",
  url: `https://huggingface.co/datasets/tiny-agents/tiny-agents/tree/${commit}/web`,
};
const server = (name: string, config: object, enabled = true): AgentFileServer => ({
  name,
  path: ["servers", name],
  config: config as AgentFileServer["config"],
  enabled,
  autoApprove: [],
});
const agent = (servers: AgentFileServer[]): AgentFile => ({
  format: "tiny-agents",
  name: "web",
  inputs: [],
  servers,
  warnings: [],
});

describe("hubAgentSourceText", () => {
  it("names the revision, the page and what each enabled server runs, secrets redacted", () => {
    const text = hubAgentSourceText(
      source,
      agent([
        server("fetch", { command: "npx", args: ["-y", "fetch-mcp", "--token=sk-secret"] }),
        server("remote", { url: "https://user:pw@example.com/mcp?key=abc" }),
        server("off", { command: "rm" }, false),
      ]),
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe(
      `tiny-agents/web is an agent from the Hugging Face Hub (main = commit ${commit})`,
    );
    expect(lines[1]).toBe(`  source: ${source.url}`);
    expect(lines[2]).toMatch(/^ {2}server fetch: runs npx -y fetch-mcp /);
    expect(text).not.toContain("sk-secret");
    expect(lines[3]).toMatch(/^ {2}server remote: connects to https:\/\//);
    expect(text).not.toContain("pw@");
    expect(text).not.toContain("off");
  });

  it("says a pinned commit once, and an agent that starts no server", () => {
    expect(hubAgentSourceText({ ...source, revision: commit }, agent([]))).toBe(
      `tiny-agents/web is an agent from the Hugging Face Hub (commit ${commit})\n  source: ${source.url}\n  it starts no server`,
    );
  });
});
