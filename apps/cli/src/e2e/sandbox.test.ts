import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostileServer } from "@tinyloop/test-fixtures/hostile-server";
import {
  BUBBLEWRAP,
  describeNeeding,
  SANDBOX_NODE,
} from "@tinyloop/test-fixtures/outside-programs";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// Sandboxed servers from the command line: the agent file's `sandbox`, --sandbox and
// --no-sandbox, and the policy shown where servers are shown. The confinement itself is
// mcp-transport's (its sandbox tests); here a hostile server shows the CLI hands it down.

const s = useE2eSession();
const newNode =
  Number(process.versions.node.split(".")[0]) * 100 + Number(process.versions.node.split(".")[1]) >=
  2212;
const sandboxNode: Record<string, string> = newNode
  ? { TINYLOOP_SANDBOX_NODE: process.execPath }
  : {};

/** An agent.json with the hostile server (escape attempts), `sandbox` as given, and a HOME with a planted key. */
function hostileAgent(sandbox?: unknown): Record<string, string> {
  const home = s.ws.path("home");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_ed25519"), "PLANTED-KEY\n");
  const entry = { type: "stdio", ...hostileServer({ escapeAttempts: true }), env: s.ws.markerEnv };
  s.ws.write({
    "agent.json": json({ servers: [{ ...entry, ...(sandbox === undefined ? {} : { sandbox }) }] }),
  });
  return { HOME: home, ...sandboxNode };
}

const readKey = (flags: string[], env: Record<string, string>) =>
  runCli(
    [
      "mcp",
      "call",
      "mcp_hostile_read_file",
      "agent.json",
      "--args",
      JSON.stringify({ path: join(env.HOME ?? "", ".ssh", "id_ed25519") }),
      ...flags,
    ],
    { cwd: s.ws.dir, env },
  );

describe("sandbox settings on the command line (no sandbox started)", () => {
  it("config check shows each stdio server's policy: the file's, --sandbox's, none with --no-sandbox", async () => {
    const env = hostileAgent({ allowHosts: ["@npm"] });
    const check = async (flags: string[]) => {
      const r = await runCli(["config", "check", "agent.json", ...flags], { cwd: s.ws.dir, env });
      expect(r.exitCode).toBe(0);
      return JSON.parse(r.stdout).servers[0].sandboxPolicy;
    };
    const fromFile = await check([]);
    expect(fromFile).toMatchObject({
      workFolder: s.ws.dir,
      allowWrite: [s.ws.dir],
      allowHosts: ["registry.npmjs.org"],
    });
    expect(fromFile.denyRead).toContain(join(env.HOME ?? "", ".ssh"));
    expect(await check(["--no-sandbox"])).toBe(false);
    s.ws.write({ "agent.json": json({ servers: [{ type: "stdio", command: "node" }] }) });
    expect(await check([])).toBe(false);
    expect(await check(["--sandbox"])).toMatchObject({ allowHosts: [], allowWrite: [s.ws.dir] });
  });

  it("a bad sandbox in the file is exit 2 naming the key, the value and a right form", async () => {
    s.ws.write({
      "agent.json": json({ servers: [{ type: "stdio", command: "node", sandbox: "on" }] }),
    });
    const r = await runCli(["config", "check", "agent.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'servers[0].sandbox: expected true, false or a policy { allowRead, denyRead, allowWrite, allowHosts } (example: sandbox: { allowHosts: ["@npm"] }), got a string ("on")',
    );
  });

  it("fails closed: a server that asks for a sandbox that cannot be made here is not started", async () => {
    const env = hostileAgent(true);
    // No bubblewrap on this PATH (and, on an old Node, no Node for the runtime).
    const r = await readKey([], { ...env, PATH: s.nodeOnlyPath(), TINYLOOP_SANDBOX_NODE: "" });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain('Server "hostile" asks for a sandbox');
    expect(r.stderr).toMatch(/needs Node 22\.12|apt-get install -y bubblewrap socat ripgrep/);
    expect(r.stdout).not.toContain("PLANTED-KEY");
  });
});

describeNeeding(BUBBLEWRAP)("sandboxed servers from the command line", () => {
  describeNeeding(SANDBOX_NODE, { ...process.env, ...sandboxNode })("on Linux", () => {
    it("the file's sandbox confines the server; --no-sandbox runs it unconfined; --sandbox confines a plain entry", async () => {
      const env = hostileAgent(true);
      const confined = await readKey([], env);
      expect(confined.stdout + confined.stderr).toContain("denied:");
      expect(confined.stdout).not.toContain("PLANTED-KEY");
      const unconfined = await readKey(["--no-sandbox"], env);
      expect(unconfined.exitCode).toBe(0);
      expect(unconfined.stdout).toContain("PLANTED-KEY");

      hostileAgent();
      const flagged = await readKey(["--sandbox"], env);
      expect(flagged.stdout).not.toContain("PLANTED-KEY");
      expect(flagged.stdout + flagged.stderr).toContain("denied:");
    });

    it("--verbose shows a connection the sandbox refused", async () => {
      const env = hostileAgent(true);
      const args = ["mcp", "call", "mcp_hostile_connect", "agent.json", "--args", '{"port": 9}'];
      const r = await runCli([...args, "--verbose"], {
        cwd: s.ws.dir,
        env,
      });
      expect(r.stdout + r.stderr).toContain("denied:");
      expect(r.stderr).toContain(
        'Server "hostile": the sandbox denied a connection to localhost:9',
      );
      expect(r.stderr).not.toContain("[SandboxDebug]");
    });

    it("run --json's server event carries the policy", async () => {
      const env = hostileAgent(true);
      await s.withModel([{ text: "done" }]);
      const r = await runCli(["agent.json", "-p", "hi", "--json", ...s.modelFlags()], {
        cwd: s.ws.dir,
        env,
      });
      expect(r.exitCode).toBe(0);
      const events = r.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      const server = events.find((event) => event.type === "server");
      expect(server).toMatchObject({ server: "hostile", state: "ready" });
      expect(server.sandbox).toMatchObject({ workFolder: s.ws.dir, allowHosts: [] });
    });

    it("mcp tools says which server is sandboxed and with what policy, in text and in --json", async () => {
      const env = hostileAgent({ allowHosts: ["example.org"] });
      const text = await runCli(["mcp", "tools", "agent.json"], { cwd: s.ws.dir, env });
      expect(text.exitCode).toBe(0);
      expect(text.stdout).toMatch(/^hostile {2}ready {2}\d+ tools {2}sandboxed$/m);
      expect(text.stdout).toContain(
        `  sandbox: writes ${s.ws.dir}, a private temp folder · reaches example.org · reads all but`,
      );
      expect(text.stdout).toContain("(~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gh, …)");

      const listed = await runCli(["mcp", "tools", "agent.json", "--json"], {
        cwd: s.ws.dir,
        env,
      });
      const [server] = JSON.parse(listed.stdout);
      expect(server.sandbox).toMatchObject({ allowHosts: ["example.org"], workFolder: s.ws.dir });
      const plain = await runCli(["mcp", "tools", "agent.json", "--json", "--no-sandbox"], {
        cwd: s.ws.dir,
        env,
      });
      expect(JSON.parse(plain.stdout)[0].sandbox).toBe(false);
    });
  });
});
