import { type AgentFileServer, toServerEntries } from "@tinyloop/agent-files";
import { redactUrlsInText } from "@tinyloop/errors";
import {
  connectAll,
  type HubEvent,
  type McpHub,
  ServerStateTracker,
} from "@tinyloop/mcp-registration";
import type { ClientFeatureOptions, OAuthOptions } from "@tinyloop/mcp-transport";
import { startParentDeathWatchdog } from "@tinyloop/mcp-transport/stdio";
import type { ToolRegistry } from "@tinyloop/registry";
import { connectedLine, failureReason } from "./server-summary.js";
import { visibleControls } from "./visible-controls.js";

/** A server's own text (reason, stderr line, log line) as it may be shown: URLs masked, controls visible. */
function shown(text: string): string {
  return visibleControls(redactUrlsInText(text));
}

/** Progress of the servers while they connect, for a program to show (e.g. a status line). */
export interface ConnectProgress {
  /** The live line, e.g. `connecting 3/4 servers · 27 tools`; called on every change. */
  status(line: string): void;
  /** A server that failed: the reason, and its last stderr lines (all of them with `--verbose`). */
  failed(server: string, reason: string, stderr?: readonly string[]): void;
  /**
   * A server that was up dropped (crashed, stopped answering pings) and is being restarted:
   * once per drop, not per attempt. A restart given up is told through `failed`.
   */
  dropped?(server: string, reason: string | undefined): void;
  /**
   * A dropped server connected again, its tools listed afresh (the count may have changed);
   * or, with `unlisted`, listing them again failed for that reason, and its `tools` from
   * before stay registered.
   */
  back?(server: string, tools: number, unlisted?: string): void;
  /** Extra lines for `--verbose` (server logs, timings). */
  verbose?(line: string): void;
}

/** Lines of a failed server's stderr shown without `--verbose`. */
const STDERR_LINES = 5;

/** Options of {@link connectServers}. */
export interface ConnectServersOptions {
  /** Variables added to every stdio server's environment. */
  extraEnv?: Record<string, string>;
  /** Start every server on first use, its tools from the manifest cache. */
  lazy?: boolean;
  /** Elicitation, sampling, roots and server logs offered to every server. */
  features?: ClientFeatureOptions;
  /** OAuth for HTTP servers that ask for a login. */
  oauth?: OAuthOptions;
  /**
   * Start mcp-transport's parent-death watchdog when a stdio server is configured, so the
   * servers are taken down even if this process is SIGKILLed (no exit hook runs then).
   */
  watchdog?: boolean;
  /**
   * Cancels the connects (e.g. the program is exiting): once aborted no server is spawned or
   * adopted and connects in progress end. A cancelled server is not reported as failed.
   */
  signal?: AbortSignal;
  /**
   * How many servers may be starting at once; the rest wait their turn (the status line
   * says how many wait). Default: mcp-registration's, 32 or 2 × CPU cores where more.
   */
  maxConcurrentStarts?: number;
  /**
   * The name and version every server is told in `initialize` (e.g. a CLI's own). Default:
   * mcp-transport's, `tinyloop 0.0.0`.
   */
  clientInfo?: { name: string; version: string };
}

/** The connected servers, and the current failures as `server → short reason`. */
export interface ConnectedServers {
  hub: McpHub;
  failures: ReadonlyMap<string, string>;
}

/**
 * Connects the agent's servers into `registry` together, at most `maxConcurrentStarts`
 * starting at a time (one failing server never stops the others), and reports progress as
 * it goes. Resolves once each is ready, idle (lazy) or
 * failed. The last status reads `connected 0/1 servers (1 failed: filesystem — reason) ·
 * 0 tools`; every reason and log line has URLs masked ({@link redactUrlsInText}) and control
 * characters made visible ({@link visibleControls}).
 */
export async function connectServers(
  servers: readonly AgentFileServer[],
  registry: ToolRegistry,
  progress: ConnectProgress,
  {
    extraEnv,
    lazy = false,
    features,
    oauth,
    watchdog = false,
    signal,
    maxConcurrentStarts,
    clientInfo,
  }: ConnectServersOptions = {},
): Promise<ConnectedServers> {
  const enabled = servers.filter((s) => s.enabled);
  const total = enabled.length;
  const ready = new Set<string>();
  const failed = new Map<string, string>();
  const started = new Map<string, number>();
  // Each server's state, tools and start-place wait, from mcp-registration's one vocabulary.
  const states = new ServerStateTracker();
  // The live line is for start-up; a lazy server starting mid-answer must not overwrite it.
  let startedUp = false;
  const update = () => {
    if (startedUp) return;
    const count = states.toolCount();
    // With more servers than start places, say how many wait for theirs.
    const waiting = states.waitingCount();
    const queue = waiting > 0 ? ` (${waiting} waiting to start)` : "";
    if (ready.size + failed.size < total)
      progress.status(`connecting ${ready.size}/${total} servers${queue} · ${count} tools`);
    else
      progress.status(
        connectedLine({
          ready: ready.size,
          total,
          failed,
          disabled: servers.length - total,
          tools: count,
        }),
      );
  };
  const onEvent = (event: HubEvent) => {
    // A server that dropped and is being restarted: its next listing means it is back.
    const down = states.apply(event) === "reconnecting";
    if (event.type === "connecting") started.set(event.server, performance.now());
    if (event.type === "manifest-known") {
      ready.add(event.server);
      progress.verbose?.(
        `server ${event.server}: ${event.toolCount} tools from the manifest cache; starts on first use`,
      );
    }
    if (event.type === "warning")
      progress.verbose?.(`server ${event.server}: ${shown(event.message)}`);
    if (event.type === "ready" || event.type === "synced") {
      if (down) progress.back?.(event.server, event.toolCount);
      if (event.type === "ready") {
        ready.add(event.server);
        failed.delete(event.server);
        const since = started.get(event.server);
        if (since !== undefined)
          progress.verbose?.(
            `server ${event.server}: ready in ${Math.round(performance.now() - since)}ms, ${event.toolCount} tools`,
          );
        for (const warning of event.report.warnings)
          progress.verbose?.(`server ${event.server}: ${shown(warning)}`);
      }
    }
    if (event.type === "sync-failed") {
      const reason = shown(event.reason);
      if (down) progress.back?.(event.server, event.toolCount, reason);
      else
        progress.verbose?.(
          `server ${event.server}: listing its tools again failed (${reason}); its ${event.toolCount} tools stay`,
        );
    }
    if (event.type === "failed") {
      // After a drop this is the end of the restarts: say so, or the error alone reads like
      // a start-up failure.
      const gaveUp = down ? "gave up reconnecting: " : "";
      const tail = ((event.error as { stderrTail?: string[] }).stderrTail ?? []).map(shown);
      const reason = `${gaveUp}${shown(event.reason)}`;
      failed.set(event.server, failureReason(reason, tail));
      progress.failed(event.server, reason, progress.verbose ? tail : tail.slice(-STDERR_LINES));
    }
    if (event.type === "reconnecting") {
      const reason = event.reason === undefined ? undefined : shown(event.reason);
      // The dropped line carries the reason; --verbose adds the transport's attempt lines.
      if (progress.dropped) progress.dropped(event.server, reason);
      else
        progress.verbose?.(`server ${event.server}: reconnecting${reason ? ` (${reason})` : ""}`);
    }
    update();
  };
  update();
  const connection = {
    ...features,
    ...(oauth ? { oauth } : {}),
    ...(signal ? { signal } : {}),
    ...(clientInfo ? { clientInfo } : {}),
    ...(progress.verbose ? { onLog: (line: string) => progress.verbose?.(shown(line)) } : {}),
  };
  const entries = toServerEntries(servers, extraEnv ? { extraEnv } : {});
  if (
    watchdog &&
    Object.values(entries).some((entry) => typeof entry === "object" && entry && "command" in entry)
  )
    startParentDeathWatchdog();
  const hub = await connectAll(entries, registry, {
    onEvent,
    ...(lazy ? { lazy } : {}),
    ...(maxConcurrentStarts ? { maxConcurrentStarts } : {}),
    connection,
  });
  for (const status of hub.servers()) {
    // --verbose shows what each server wrote to stderr while starting.
    if (status.state === "failed" || !progress.verbose) continue;
    for (const line of hub.connection(status.name)?.stderrTail() ?? [])
      progress.verbose(`server ${status.name} stderr: ${shown(line)}`);
  }
  update();
  startedUp = true;
  return { hub, failures: failed };
}
