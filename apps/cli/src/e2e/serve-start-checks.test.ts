import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { startServeIn } from "../__fixtures__/serve-process.js";

// What `tinyloop serve` checks before it starts anything, and the model flags it shares with
// `run`: the built CLI, a port held by the test, real server processes, the scripted model.

const s = useE2eSession();
const running: ResultPromise[] = [];
let held: Server | undefined;
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null) child.kill("SIGTERM");
    await child;
  }
  await new Promise((resolve) => (held ? held.close(resolve) : resolve(undefined)));
  held = undefined;
});

/** A real MCP server entry whose process, once started, leaves `marker` behind. */
function markingServer(marker: string) {
  return {
    command: process.execPath,
    args: ["-e", "require('node:fs').writeFileSync(process.argv[1], 'started')", marker],
  };
}

describe("serve: checks before anything starts", () => {
  it("a busy port is refused before any MCP server process starts (exit 2)", async () => {
    held = createServer();
    await new Promise<void>((resolve) => held?.listen(0, "127.0.0.1", resolve));
    const { port } = held.address() as { port: number };
    const marker = s.ws.path("server-started");
    s.ws.write({ "mcp.json": json({ mcpServers: { marking: markingServer(marker) } }) });
    await s.withModel([{ text: "never asked" }]);
    const r = await runCli(["serve", "mcp.json", "--port", String(port), ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.stderr).toContain(
      `tinyloop: cannot listen on 127.0.0.1:${port}: the port is already in use; choose another port (0 picks a free one)`,
    );
    expect(r.exitCode).toBe(2);
    expect(existsSync(marker)).toBe(false);
    // The same entry on a free port does start: the marker is a real witness.
    const serve = await startServeIn(s.ws.dir, running, [
      "mcp.json",
      "--allow-no-servers",
      ...s.modelFlags(),
    ]);
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(marker)).toBe(true);
  });

  it("--endpoint-url without a scheme is a usage error naming the flag and the URL to give", async () => {
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const flags = ["mcp.json", "--endpoint-url", "127.0.0.1:18001", "--model", "m"];
    for (const args of [
      ["serve", ...flags],
      ["run", ...flags, "-p", "hi"],
    ]) {
      const r = await runCli(args, { cwd: s.ws.dir });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(
        `'--endpoint-url <url>' argument '127.0.0.1:18001' is invalid. expected an http(s) URL, got "127.0.0.1:18001" (example: --endpoint-url http://127.0.0.1:18001)`,
      );
      expect(r.stderr).not.toContain("CONFIG_INVALID");
    }
  });
});

describe("serve: the model timeout flags of run", () => {
  it("--model-idle-timeout ends a request whose model never answers, saying so", async () => {
    await s.withModel([{ neverAnswer: true }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServeIn(s.ws.dir, running, [
      "mcp.json",
      "--model-idle-timeout",
      "1",
      ...s.modelFlags(),
    ]);
    const response = await fetch(`${serve.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${serve.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "mcp", messages: [{ role: "user", content: "hi" }] }),
    });
    const body = (await response.json()) as { error?: { message?: string } };
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(body.error?.message).toMatch(/sent no response for 1000 ms.*\(--model-idle-timeout\)/);
    expect((await s.model?.waitForRequestEnd(0))?.clientClosed).toBe(true);
  });

  it("refuses a timeout that is not a whole number of seconds, as run does", async () => {
    for (const command of ["serve", "run"]) {
      const r = await runCli([command, "--model-turn-timeout", "0"], { cwd: s.ws.dir });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(
        `option '--model-turn-timeout <seconds>' argument '0' is invalid. expected a whole number of at least 1, got "0"`,
      );
    }
  });
});
