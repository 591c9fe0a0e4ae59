import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hubAgentTarget, parseHubAgentId } from "./hub-agent-id.js";

describe("parseHubAgentId", () => {
  it("reads owner/name and an optional @revision", () => {
    expect(parseHubAgentId("julien-c/flux-schnell-generator")).toEqual({
      id: "julien-c/flux-schnell-generator",
    });
    expect(parseHubAgentId("julien-c/flux@v1.2")).toEqual({
      id: "julien-c/flux",
      revision: "v1.2",
    });
  });

  it("leaves paths and file names alone", () => {
    for (const path of ["./a/b", "a", "a/b/c", "a/agent.json", "x/config.yaml", "/abs/b", "a/b@"])
      expect(parseHubAgentId(path)).toBeUndefined();
  });
});

describe("hubAgentTarget", () => {
  it("is undefined when a local file or folder of that name exists (the local one wins)", () => {
    const dir = mkdtempSync(join(tmpdir(), "hub-id-"));
    try {
      expect(hubAgentTarget("owner/agent", dir)).toEqual({ id: "owner/agent" });
      mkdirSync(join(dir, "owner/agent"), { recursive: true });
      expect(hubAgentTarget("owner/agent", dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
