import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** `pnpm -s tinyloop …` as the root README tells a person with a clone to run it. */
const pnpmTinyloop = (args: string[], cwd: string) =>
  execa("pnpm", ["--silent", "--dir", repoRoot, "tinyloop", ...args], {
    cwd,
    env: { NO_COLOR: "1" },
    reject: false,
    stdin: "ignore",
  });

describe("pnpm tinyloop from a clone", () => {
  it("runs the CLI in the folder it was called from, with its exit code", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { fx: s.ws.fixture() } }) });
    const check = await pnpmTinyloop(["config", "check", ".mcp.json"], s.ws.dir);
    expect(check.exitCode).toBe(0);
    // The file is found relative to the caller's folder, not the repository root.
    expect(JSON.parse(String(check.stdout))).toMatchObject({ file: s.ws.path(".mcp.json") });
    const missing = await pnpmTinyloop(["config", "check", "nope.json"], s.ws.dir);
    expect(missing.exitCode).toBe(2);
    expect(String(missing.stderr)).toContain("nope.json");
  });
});
