import { existsSync } from "node:fs";
import { freePort } from "@tinyloop/test-fixtures";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** Each durable command, as a user would type it, but for its `--db`. */
const commands: Record<string, string[]> = {
  worker: ["worker", ".mcp.json"],
  submit: ["submit", ".mcp.json", "-p", "hi"],
  runs: ["runs"],
  batch: ["batch", ".mcp.json", "inputs.jsonl", "--out", "results.jsonl"],
};

/** An agent whose one "server", if ever started, leaves a file behind. */
function writeWitnessAgent(): void {
  const witness = {
    command: process.execPath,
    args: ["-e", "require('fs').writeFileSync('server-started', '')"],
  };
  s.ws.write({
    ".mcp.json": json({ mcpServers: { witness } }),
    "inputs.jsonl": '"one"\n',
  });
}

describe("durable commands given a bad or unreachable database", () => {
  it.each(Object.keys(commands))(
    "%s: a bad --db URL exits 2 saying what is wrong, with an example; nothing starts",
    async (name) => {
      writeWitnessAgent();
      await s.withModel([{ text: "never asked" }]);
      const r = await runCli(
        [
          ...(commands[name] as string[]),
          "--db",
          "postgresql://user:hunter2@/tinyloop",
          ...(name === "runs" || name === "submit" ? [] : s.modelFlags()),
        ],
        { cwd: s.ws.dir },
      );
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe(
        'tinyloop: --db: expected a postgresql:// URL, got "postgresql://user:***@/tinyloop", which is not a URL (example: postgresql://user:password@localhost:5432/tinyloop)',
      );
      expect(existsSync(s.ws.path("server-started"))).toBe(false);
    },
  );

  it.each(Object.keys(commands))(
    "%s: an unreachable database exits 1 naming host and port; no MCP server starts",
    async (name) => {
      writeWitnessAgent();
      await s.withModel([{ text: "never asked" }]);
      const port = await freePort();
      const r = await runCli(
        [
          ...(commands[name] as string[]),
          ...(name === "runs" || name === "submit" ? [] : s.modelFlags()),
        ],
        {
          cwd: s.ws.dir,
          env: {
            TINYLOOP_DATABASE_URL: `postgresql://postgres:hunter2@127.0.0.1:${port}/tinyloop`,
          },
        },
      );
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^tinyloop: Could not reach the database at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`,
          "m",
        ),
      );
      expect(r.stderr).not.toContain("hunter2");
      expect(existsSync(s.ws.path("server-started"))).toBe(false);
      expect(existsSync(s.ws.path("results.jsonl"))).toBe(false);
    },
  );

  it("a bad TINYLOOP_DATABASE_URL is named as the variable", async () => {
    const r = await runCli(["runs"], {
      cwd: s.ws.dir,
      env: { TINYLOOP_DATABASE_URL: "mysql://db/runs" },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      'tinyloop: TINYLOOP_DATABASE_URL: expected the scheme postgresql:// or postgres://, got "mysql://" (example: postgresql://user:password@localhost:5432/tinyloop)',
    );
  });

  it.each(["worker", "batch"])(
    "%s: a bad --model-rate exits 2 showing the right forms",
    async (name) => {
      writeWitnessAgent();
      const r = await runCli([...(commands[name] as string[]), "--model-rate", "60/min"], {
        cwd: s.ws.dir,
        env: { TINYLOOP_DATABASE_URL: "postgresql://postgres@127.0.0.1:1/tinyloop" },
      });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(
        'expected requests per period as N/PERIOD, such as 60/m, 10/s or 500/5m, got "60/min"',
      );
      expect(r.stderr).toContain("--model-rate");
      expect(existsSync(s.ws.path("server-started"))).toBe(false);
    },
  );
});
