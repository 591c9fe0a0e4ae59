import { existsSync, readFileSync } from "node:fs";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli } from "../__fixtures__/cli-harness.js";
import { echoThenAnswer, json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/**
 * The fixture server behind a `/bin/sh` that appends a line to `starts-NAME` before it
 * becomes the server (exec): the file counts how often the CLI spawned it.
 */
function countedFixture(name: string, flags: string[] = []) {
  const { command, args, env } = s.ws.fixture(flags);
  const script = 'echo started >> "$0"; exec "$@"';
  return {
    command: "/bin/sh",
    args: ["-c", script, s.ws.path(`starts-${name}`), command, ...args],
    env,
  };
}

/** How often server `name` was spawned. */
function starts(name: string): number {
  const file = s.ws.path(`starts-${name}`);
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("stdio servers are started before the rest of the CLI loads", () => {
  it("the session adopts the pre-started process: each server is spawned once", async () => {
    await s.withModel(echoThenAnswer("a"));
    s.ws.write({
      ".mcp.json": json({ mcpServers: { a: countedFixture("a"), b: countedFixture("b") } }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--yes", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("The fixture said ping.");
    expect([starts("a"), starts("b")]).toEqual([1, 1]);
  });

  it("a model that cannot be created after the servers were started leaves no process", async () => {
    // The server ignores the end of stdin and has a child: only its group's SIGTERM ends it.
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { a: countedFixture("a", ["--linger", "--spawn-child"]) },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", "--cassette", "missing.jsonl"], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("Cannot read cassette");
    expect(starts("a")).toBe(1); // started before the model was created
    // useE2eSession's after-test check: no marked process (server or its child) is left.
  });

  it("SIGTERM while a pre-started server is starting closes it and exits 143", async () => {
    await s.withModel([{ text: "never asked" }]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { slow: countedFixture("slow", ["--hang-initialize", "--linger"]) },
      }),
    });
    const child = execa(
      process.execPath,
      [cliBin, "run", ".mcp.json", "-p", "hi", "--yes", ...s.modelFlags()],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    // The wrapper has run (it counted the start) and is the server now, or about to be.
    await until(() => starts("slow") === 1);
    expect(processesWithMarker(s.ws.marker).length).toBeGreaterThan(0);
    child.kill("SIGTERM");
    const r = await child;
    expect(r.exitCode).toBe(143);
    expect(starts("slow")).toBe(1);
  });

  it("starts no lazy, disabled or --lazy server, and nothing when the file is invalid", async () => {
    s.ws.write({
      "lazy.json": json({
        mcpServers: {
          lazy: { ...countedFixture("lazy"), lazy: true },
          off: { ...countedFixture("off"), disabled: true },
        },
      }),
      "eager.json": json({ mcpServers: { eager: countedFixture("eager") } }),
      "bad.json": json({ mcpServers: { good: countedFixture("good"), bad: { command: 42 } } }),
    });
    const missing = ["-p", "hi", "--cassette", "missing.jsonl"];
    expect((await runCli(["run", "lazy.json", ...missing], { cwd: s.ws.dir })).exitCode).toBe(1);
    expect(
      (await runCli(["run", "eager.json", "--lazy", ...missing], { cwd: s.ws.dir })).exitCode,
    ).toBe(1);
    const bad = await runCli(["run", "bad.json", ...missing], { cwd: s.ws.dir });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("command");
    expect([starts("lazy"), starts("off"), starts("eager"), starts("good")]).toEqual([0, 0, 0, 0]);
  });
});
