import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { processesWithMarker, waitForNoProcesses } from "@tinyloop/test-fixtures";
import { hostileServer } from "@tinyloop/test-fixtures/hostile-server";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  BUBBLEWRAP,
  describeNeeding,
  SANDBOX_NODE,
} from "@tinyloop/test-fixtures/outside-programs";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reach, rejection, textOf } from "../__fixtures__/helpers.js";
import { startParentProgram } from "../__fixtures__/parent-program.js";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import type { SandboxConfig } from "../config-schema.js";
import { connectServer } from "../connect-server.js";
import type { McpConnection } from "../connection-types.js";
import { prestartStdioServers } from "../stdio/prestart.js";

// A hostile server tries, per call, to read planted secrets, write outside its folders,
// reach loopback ports, leave a child behind and read tinyloop's own environment: once
// unconfined (every attempt works, so the confined failures mean something), once in the
// sandbox (only what the policy allows works).

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const sigkilledParent = fileURLToPath(
  new URL("../__fixtures__/sigkilled-parent.ts", import.meta.url),
);
const newNode =
  Number(process.versions.node.split(".")[0]) * 100 + Number(process.versions.node.split(".")[1]) >=
  2212;
const nodeEnv = newNode ? { ...process.env, TINYLOOP_SANDBOX_NODE: process.execPath } : process.env;

let scratch = "";
let home = "";
let work = "";
let realHome: string | undefined;
const listeners: Server[] = [];
let forbiddenPort = 0;
let allowedPort = 0;

function listen(): Promise<number> {
  const server = createServer((socket) => socket.end(`hello from ${port()}\n`));
  const port = () => (server.address() as { port: number }).port;
  listeners.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(port())));
}

function hostileConfig(sandbox: SandboxConfig | undefined, env: Record<string, string> = {}) {
  const { command, args } = hostileServer({ escapeAttempts: true });
  return {
    command,
    args,
    ...(work ? { cwd: work } : {}),
    env: { ...guard.env(), ...env },
    ...(sandbox ? { sandbox } : {}),
  };
}

async function hostile(
  sandbox: SandboxConfig | undefined,
  env: Record<string, string> = {},
  sessionRetries = 0,
) {
  return guard.track(
    await connectServer("hostile", hostileConfig(sandbox, env), {
      reconnect: { initialRetries: 0, sessionRetries, baseDelayMs: 10, maxDelayMs: 20 },
      timeouts: { connectMs: 20_000 },
    }),
  );
}

async function attempt(connection: McpConnection, tool: string, args: Record<string, unknown>) {
  const result = await connection.callTool(tool, args);
  return { ok: result.isError !== true, text: textOf(result) };
}

/** Processes whose command line carries `tag` (the orphan a server tried to leave). */
function processesTagged(tag: string): string[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(tag);
      } catch {
        return false;
      }
    });
}

/** The first `NAME=value` of this process's environment as it started (what `/proc/<pid>/environ` holds). */
function firstVariable(): string {
  return readFileSync("/proc/self/environ", "utf8").split("\0")[0] ?? "(none)";
}

async function gone(tag: string): Promise<string[]> {
  for (let i = 0; i < 50 && processesTagged(tag).length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return processesTagged(tag);
}

describeNeeding(BUBBLEWRAP)("a sandboxed stdio server", () => {
  describeNeeding(SANDBOX_NODE, nodeEnv)("on Linux, with the sandbox runtime", () => {
    beforeAll(async () => {
      if (newNode) process.env.TINYLOOP_SANDBOX_NODE ??= process.execPath;
      scratch = mkdtempSync(join(tmpdir(), "tinyloop-sandbox-test-"));
      home = join(scratch, "home");
      work = join(scratch, "work");
      mkdirSync(join(home, ".ssh"), { recursive: true });
      mkdirSync(join(home, ".aws"), { recursive: true });
      mkdirSync(work);
      writeFileSync(join(home, ".ssh/id_ed25519"), "PRIVATE KEY\n");
      writeFileSync(join(home, ".aws/credentials"), "aws_secret_access_key = AKIA\n");
      writeFileSync(join(home, ".env"), "HOME_SECRET=1\n");
      writeFileSync(join(work, ".env"), "WORK_SETTING=1\n");
      realHome = process.env.HOME;
      process.env.HOME = home; // the secret places are the home folder's
      forbiddenPort = await listen();
      allowedPort = await listen();
    });
    afterAll(() => {
      for (const server of listeners) server.close();
      if (realHome === undefined) delete process.env.HOME;
      else process.env.HOME = realHome;
      rmSync(scratch, { recursive: true, force: true });
      work = "";
    });

    it("unconfined, the same server gets everything it tries (so the confined failures mean something)", async () => {
      const connection = await hostile(undefined);
      expect(
        await attempt(connection, "read_file", { path: join(home, ".ssh/id_ed25519") }),
      ).toEqual({ ok: true, text: "ok: PRIVATE KEY\n" });
      expect((await attempt(connection, "write_file", { path: join(scratch, "outside") })).ok).toBe(
        true,
      );
      expect(await attempt(connection, "connect", { port: forbiddenPort })).toEqual({
        ok: true,
        text: `ok: hello from ${forbiddenPort}\n`,
      });
      const environ = await attempt(connection, "read_file", {
        path: `/proc/${process.pid}/environ`,
      });
      expect(environ.text).toContain(firstVariable());
      await connection.close();
      rmSync(join(scratch, "outside"), { force: true });
    }, 30_000);

    it("confined: secrets, writes outside, other ports, tinyloop's environment and orphans are denied; allowed ones work", async () => {
      const connection = await hostile({ allowHosts: [`localhost:${allowedPort}`] });
      for (const secret of [".ssh/id_ed25519", ".aws/credentials", ".env"]) {
        const read = await attempt(connection, "read_file", { path: join(home, secret) });
        expect(read.ok, read.text).toBe(false);
      }
      expect(await attempt(connection, "read_file", { path: join(work, ".env") })).toEqual({
        ok: true,
        text: "ok: WORK_SETTING=1\n",
      });
      const outside = await attempt(connection, "write_file", { path: join(scratch, "outside") });
      expect(outside.ok, outside.text).toBe(false);
      expect(() => readFileSync(join(scratch, "outside"))).toThrow(/ENOENT/);
      const inside = await attempt(connection, "write_file", { path: join(work, "inside.txt") });
      expect(inside.ok, inside.text).toBe(true);
      expect(readFileSync(join(work, "inside.txt"), "utf8")).toContain("hostile");
      const temp = await attempt(connection, "write_file", { path: "$TMPDIR/scratch.txt" });
      expect(temp.text).toMatch(/^ok: wrote .*tinyloop-sandbox-.*\/tmp\/scratch\.txt$/);
      const forbidden = await attempt(connection, "connect", { port: forbiddenPort });
      expect(forbidden.ok, forbidden.text).toBe(false);
      expect(await attempt(connection, "connect", { port: allowedPort })).toEqual({
        ok: true,
        text: `ok: hello from ${allowedPort}\n`,
      });
      const environ = await attempt(connection, "read_file", {
        path: `/proc/${process.pid}/environ`,
      });
      expect(environ.text).not.toContain(firstVariable());
      const tag = `tinyloop-orphan-${process.pid}-${Date.now()}`;
      expect((await attempt(connection, "spawn_orphan", { tag })).ok).toBe(true);
      expect(processesTagged(tag)).toHaveLength(1);
      await connection.close();
      expect(await gone(tag)).toEqual([]);
    }, 60_000);

    it("a refused connection is told to onLog and kept in the stderr tail; the runtime's own log is not", async () => {
      const logs: string[] = [];
      const connection = guard.track(
        await connectServer("hostile", hostileConfig(true), {
          reconnect: { initialRetries: 0, sessionRetries: 0 },
          timeouts: { connectMs: 20_000 },
          onLog: (line) => logs.push(line),
        }),
      );
      const refused = await attempt(connection, "connect", { port: forbiddenPort });
      expect(refused.ok, refused.text).toBe(false);
      const denial = `the sandbox denied a connection to localhost:${forbiddenPort}`;
      await expect.poll(() => logs, { timeout: 5_000 }).toContain(`Server "hostile": ${denial}`);
      expect(connection.stderrTail()).toContain(
        `sandbox: denied a connection to localhost:${forbiddenPort}`,
      );
      expect(connection.stderrTail().join("\n")).not.toContain("[SandboxDebug]");
      await connection.close();
    }, 60_000);

    it("an allowWrite folder that does not exist yet is made, and writable inside", async () => {
      const cache = join(scratch, "not-yet", "cache");
      const connection = await hostile({ allowWrite: [cache] });
      const write = await attempt(connection, "write_file", { path: join(cache, "pkg.txt") });
      expect(write.ok, write.text).toBe(true);
      expect(readFileSync(join(cache, "pkg.txt"), "utf8")).toContain("hostile");
      await connection.close();
    }, 60_000);

    it("reconnects into a fresh sandbox after the server dies", async () => {
      const connection = await hostile(true, {}, 2);
      await connection.callTool("die", {}).catch(() => undefined);
      await reach(connection, "ready", 20_000);
      const read = await attempt(connection, "read_file", { path: join(home, ".ssh/id_ed25519") });
      expect(read.ok, read.text).toBe(false);
      expect(textOf(await connection.callTool("echo", { text: "back" }))).toBe("back");
    }, 60_000);

    it("a pre-started sandboxed server is adopted confined, and close() leaves nothing running", async () => {
      const config = hostileConfig(true);
      const prestarted = prestartStdioServers({ hostile: config });
      guard.defer(() => prestarted.close());
      const connection = guard.track(await connectServer("hostile", config));
      const read = await attempt(connection, "read_file", { path: join(home, ".aws/credentials") });
      expect(read.ok, read.text).toBe(false);
      await prestarted.close();
      expect(textOf(await connection.callTool("echo", { text: "adopted" }))).toBe("adopted");
      await connection.close();
      expect(await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000)).toEqual(
        [],
      );
    }, 60_000);

    it("a SIGKILLed parent's sandboxed server (and the child it started) is taken down by the watchdog", async () => {
      const { command, args } = fixtureServer({ linger: true, spawnChild: true });
      const { parent, exited } = await startParentProgram(
        sigkilledParent,
        "watchdog",
        { command, args, cwd: work, env: guard.env(), sandbox: true },
        /connected (\d+)/,
        ["ignore", "pipe", "inherit"],
      );
      expect(processesWithMarker(guard.marker()).length).toBeGreaterThanOrEqual(2);
      parent.kill("SIGKILL");
      await exited;
      expect(await waitForNoProcesses(() => processesWithMarker(guard.marker()), 15_000)).toEqual(
        [],
      );
    }, 60_000);

    it("fails closed: with no bubblewrap on the server's PATH it does not start, and says what to install", async () => {
      const error = await rejection(hostile(true, { PATH: "/nonexistent" }));
      expect(error.code).toBe("SERVER_NOT_FOUND");
      expect(error.message).toContain("bubblewrap (bwrap), socat, ripgrep (rg) are missing");
      expect(error.message).toContain("apt-get install -y bubblewrap socat ripgrep");
      expect(error.message).toContain("the server was not started");
    });
  });
});

describe("a sandbox on a Node too old for the runtime", () => {
  it.runIf(!newNode)(
    "fails closed without TINYLOOP_SANDBOX_NODE, naming the Node it needs",
    async () => {
      const saved = process.env.TINYLOOP_SANDBOX_NODE;
      delete process.env.TINYLOOP_SANDBOX_NODE;
      try {
        const error = await rejection(hostile(true));
        expect(error.code).toMatch(/SERVER_NOT_FOUND|CONFIG_INVALID/);
        expect(error.message).toContain("needs Node 22.12 or newer");
        expect(error.message).toContain("TINYLOOP_SANDBOX_NODE");
      } finally {
        if (saved !== undefined) process.env.TINYLOOP_SANDBOX_NODE = saved;
      }
    },
  );
});
