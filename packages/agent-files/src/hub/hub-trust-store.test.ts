import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HubAgentSource } from "./hub-agent.js";
import { hubTrustStore } from "./hub-trust-store.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hub-trust-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const source = (commit: string) =>
  ({ endpoint: "https://huggingface.co", id: "owner/agent", commit }) as HubAgentSource;

describe("hubTrustStore", () => {
  it("remembers a trusted revision per commit, in a 0600 file made on first use", () => {
    const file = join(dir, "nested", "trusted.json");
    const store = hubTrustStore(file);
    expect(store.isTrusted(source("aaa"))).toBe(false);
    store.trust(source("aaa"));
    expect(hubTrustStore(file).isTrusted(source("aaa"))).toBe(true);
    // A new commit of the same agent is a new revision to trust.
    expect(hubTrustStore(file).isTrusted(source("bbb"))).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")))).toEqual([
      "https://huggingface.co/owner/agent@aaa",
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("trusts nothing from a damaged file, and writes it anew on trust", () => {
    const file = join(dir, "trusted.json");
    writeFileSync(file, "[not json");
    const store = hubTrustStore(file);
    expect(store.isTrusted(source("aaa"))).toBe(false);
    store.trust(source("aaa"));
    expect(store.isTrusted(source("aaa"))).toBe(true);
  });
});
