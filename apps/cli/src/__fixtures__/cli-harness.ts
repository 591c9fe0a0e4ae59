import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  MARKER_VARIABLE,
  newProcessMarker,
  processesWithMarker,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { fixtureServerPath } from "@tinyloop/test-fixtures/mcp-server";
import { execa } from "execa";

/** What a finished CLI run left behind. */
export interface CliResult {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
}

/**
 * A tool line's duration as a regular expression source: `14ms` below a second, `1.2s`
 * above (a loaded machine easily takes a second), e.g. `new RegExp(\`✓ echo ${DURATION} · ping\`)`.
 */
export const DURATION = String.raw`(?:\d+ms|\d+\.\ds)`;

/** The built CLI entry (build first: pnpm turbo run build --filter=tinyloop...). */
export const cliBin = fileURLToPath(new URL("../../bin/tinyloop.js", import.meta.url));

/** The real filesystem MCP server, from the CLI's own dependencies. */
export const filesystemServer = fileURLToPath(
  new URL(
    "../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js",
    import.meta.url,
  ),
);

/** A temporary folder with files, and a process marker for the servers started from it. */
export interface Workspace {
  dir: string;
  marker: string;
  /** `{ TINYLOOP_TEST_MARKER: marker }`, to put into each server's `env`. */
  markerEnv: Record<string, string>;
  write(files: Record<string, string>): void;
  path(name: string): string;
  /** Fixture MCP server stdio entry (flat tiny-agents / mcpServers shape) carrying the marker. */
  fixture(args?: string[]): { command: string; args: string[]; env: Record<string, string> };
  /** Waits (up to 15 s, a loaded machine closes trees slowly) until no process with the marker is alive; returns those left. */
  leftovers(): Promise<unknown[]>;
  remove(): void;
}

/** Creates a {@link Workspace}. */
export function workspace(): Workspace {
  const dir = mkdtempSync(join(tmpdir(), "tinyloop-cli-"));
  const marker = newProcessMarker();
  const markerEnv = { [MARKER_VARIABLE]: marker };
  return {
    dir,
    marker,
    markerEnv,
    write(files) {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
    },
    path: (name) => join(dir, name),
    fixture: (args = []) => ({
      command: process.execPath,
      args: [fixtureServerPath, ...args],
      env: { ...markerEnv },
    }),
    leftovers: () => waitForNoProcesses(() => processesWithMarker(marker), 15_000),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The state folder the CLI under test gets unless a test names its own: saved conversations
 * go there, not into the home of whoever runs the tests.
 */
export const E2E_STATE_HOME = join(tmpdir(), "tinyloop-e2e-state");

/** Runs the built CLI to completion; never rejects (exit codes are asserted by tests). */
export function runCli(
  args: string[],
  {
    cwd,
    env = {},
    input,
    timeout = 90_000,
  }: { cwd: string; env?: Record<string, string>; input?: string; timeout?: number },
): Promise<CliResult> {
  return execa(process.execPath, [cliBin, ...args], {
    cwd,
    env: { NO_COLOR: "1", XDG_STATE_HOME: E2E_STATE_HOME, ...env },
    extendEnv: true,
    reject: false,
    timeout,
    ...(input === undefined ? { stdin: "ignore" as const } : { input }),
  }).then((r) => ({ exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) }));
}

/**
 * Resolves once the child's stderr has shown `text`; rejects, with what it did show, when
 * the child ends first or `timeoutMs` passes.
 */
export function stderrShows(
  child: {
    stderr: NodeJS.ReadableStream | null;
    once(event: "exit", listener: () => void): unknown;
  },
  text: string,
  timeoutMs = 60_000,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let seen = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${why} before stderr showed ${JSON.stringify(text)}; it showed:\n${seen}`));
    };
    const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms`), timeoutMs);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", () => {
      if (!seen.includes(text)) fail("the CLI exited");
    });
  });
}
