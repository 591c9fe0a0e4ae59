import { fileURLToPath } from "node:url";
import { defaultAgent, serverSandboxPolicy, withSandboxChoice } from "@tinyloop/agent-files";
import { describe, expect, it } from "vitest";
import { agentRoots } from "./agent-roots.js";

describe("agentRoots and the sandbox", () => {
  it("every root offered to the default agent's servers is writable in their sandbox", () => {
    const cwd = "/srv/project";
    const agent = defaultAgent({ cwd, pathVariable: "/usr/bin" });
    const roots = agentRoots(agent, cwd) ?? [];
    expect(roots.length).toBeGreaterThan(0);
    for (const server of withSandboxChoice(agent.servers, true)) {
      const policy = serverSandboxPolicy(server, cwd);
      if (!policy) throw new Error(`${server.name}: expected a sandbox policy`);
      for (const root of roots) expect(policy.allowWrite).toContain(fileURLToPath(root.uri));
    }
  });

  it("an agent file gets no roots, so a sandbox is never widened by them", () => {
    expect(agentRoots({ format: "mcp-servers" }, "/srv/project")).toBeUndefined();
  });
});
