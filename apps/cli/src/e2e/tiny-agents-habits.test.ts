import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const { version } = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
) as { version: string };

describe("tiny-agents habits", () => {
  it("-v prints the version like -V", async () => {
    const small = await runCli(["-v"], { cwd: s.ws.dir });
    expect(small).toMatchObject({ exitCode: 0, stdout: version });
    expect((await runCli(["-V"], { cwd: s.ws.dir })).stdout).toBe(version);
  });

  it.each(["tinyloop", "*"])(
    "DEBUG=%s shows what --verbose shows; DEBUG of others does not",
    async (debug) => {
      await s.withModel([{ text: "hi" }, { text: "hi" }]);
      s.ws.write({ ".mcp.json": json({ mcpServers: { fx: s.ws.fixture() } }) });
      const on = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], {
        cwd: s.ws.dir,
        env: { DEBUG: debug },
      });
      expect(on.exitCode).toBe(0);
      expect(on.stderr).toMatch(/^tools \(\d+\): .*mcp_fx_echo/m);
      const off = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], {
        cwd: s.ws.dir,
        env: { DEBUG: "express:*" },
      });
      expect(off.exitCode).toBe(0);
      expect(off.stderr).not.toMatch(/^tools \(/m);
    },
  );
});
