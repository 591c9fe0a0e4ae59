import type { StdioServerConfig } from "../config-schema.js";
import { DEFAULT_KILL_AFTER_MS, STDERR_TAIL_LINES } from "../defaults.js";
import { LineTail } from "./line-tail.js";
import { startParentDeathWatchdog } from "./parent-death-watchdog.js";
import {
  type ServerProcess,
  type ServerSpawnSpec,
  spawnServerProcess,
  spawnSpecFor,
} from "./server-process.js";

/** Options of {@link prestartStdioServers}. */
export interface PrestartOptions {
  /**
   * Start the parent-death watchdog (`startParentDeathWatchdog`) before spawning, so the
   * pre-started servers are guarded from their first moment (a SIGKILL of this process).
   */
  watchdog?: boolean;
}

/** Servers started by {@link prestartStdioServers}; see there. */
export interface PrestartedServers {
  /** The names of the servers that were pre-started. */
  readonly names: readonly string[];
  /**
   * Stops every pre-started server not adopted by `connectServer` yet (end of stdin, then
   * SIGTERM and, after the kill delay, SIGKILL of its process group); resolves once they are
   * gone. Adopted ones belong to their connection. Idempotent; call it on every exit path
   * and once the connections are open.
   */
  close(): Promise<void>;
}

interface PoolEntry {
  spec: ServerSpawnSpec;
  tail: LineTail;
  process: Promise<ServerProcess>;
}

/** Pre-started processes not adopted yet, by server name (one per process). */
const pool = new Map<string, PoolEntry>();

/**
 * Spawns the given stdio servers' processes now, with the same code as `connectServer`
 * (safe environment, cwd, stderr tail, own process group, exit hook, watchdog), without
 * loading the MCP SDK: a program can start its servers booting, then load the rest of
 * itself. `connectServer(name, config)` later adopts the process started for `name` when
 * its config spawns exactly the same thing (command, args, env, cwd) and starts the MCP
 * handshake on it; otherwise it spawns its own as usual. A reconnect always spawns anew.
 * What is never adopted must be stopped with {@link PrestartedServers.close}.
 *
 * Pass configs that are validated and interpolated (as for `connectServer`); entries with
 * `enabled: false` are skipped. Leave out servers that should start lazily.
 *
 * @example
 * const prestarted = prestartStdioServers({ fs: { command: "mcp-server-filesystem", args: ["."] } });
 * process.on("exit", () => void prestarted.close());
 * const { connectServer } = await import("@tinyloop/mcp-transport"); // loads the SDK meanwhile
 * const fs = await connectServer("fs", { command: "mcp-server-filesystem", args: ["."] }); // adopted
 * await prestarted.close(); // stops any that were not adopted
 */
export function prestartStdioServers(
  servers: Readonly<Record<string, StdioServerConfig>>,
  options: PrestartOptions = {},
): PrestartedServers {
  const mine = new Map<string, PoolEntry>();
  const entries = Object.entries(servers).filter(
    ([, config]) => config.enabled !== false && typeof config.command === "string",
  );
  if (entries.length > 0 && options.watchdog) startParentDeathWatchdog();
  for (const [server, config] of entries) {
    const spec = spawnSpecFor(server, config);
    const tail = new LineTail(STDERR_TAIL_LINES);
    const process = spawnServerProcess(spec, tail);
    // A failed spawn is reported by the connectServer that adopts it, or never.
    process.catch(() => {});
    const entry: PoolEntry = { spec, tail, process };
    const earlier = pool.get(server);
    if (earlier) void stopEntry(earlier);
    pool.set(server, entry);
    mine.set(server, entry);
  }
  let closing: Promise<void> | undefined;
  return {
    names: [...mine.keys()],
    close() {
      closing ??= Promise.all(
        [...mine].map(([server, entry]) => {
          // Adopted (or replaced) entries are no longer this set's to stop.
          if (pool.get(server) !== entry) return undefined;
          pool.delete(server);
          return stopEntry(entry);
        }),
      ).then(() => undefined);
      return closing;
    },
  };
}

/**
 * The pre-started process of `spec.server` when it was spawned from exactly `spec`, taken
 * out of the pool (it is the caller's from now on), or undefined.
 */
export function takePrestartedServer(
  spec: ServerSpawnSpec,
): { process: Promise<ServerProcess>; tail: LineTail } | undefined {
  const entry = pool.get(spec.server);
  if (!entry || !sameSpawn(entry.spec, spec)) return undefined;
  pool.delete(spec.server);
  return { process: entry.process, tail: entry.tail };
}

async function stopEntry(entry: PoolEntry): Promise<void> {
  const started = await entry.process.catch(() => undefined);
  // Never adopted, so mid-boot with nothing to lose: SIGTERM right after the end of stdin.
  await started?.stop({ closeGraceMs: 0, killAfterMs: DEFAULT_KILL_AFTER_MS });
}

function sameSpawn(a: ServerSpawnSpec, b: ServerSpawnSpec): boolean {
  return (
    a.command === b.command &&
    a.cwd === b.cwd &&
    sameList(a.args ?? [], b.args ?? []) &&
    sameRecord(a.env ?? {}, b.env ?? {}) &&
    JSON.stringify(a.sandbox) === JSON.stringify(b.sandbox)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function sameRecord(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}
