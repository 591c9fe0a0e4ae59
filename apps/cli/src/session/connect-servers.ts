import { type AgentServer, toServerEntries } from "@tinyloop/agent-files";
import { connectAll, type HubEvent, type McpHub } from "@tinyloop/mcp-registration";
import type { ClientFeatureOptions, OAuthOptions } from "@tinyloop/mcp-transport";
import { startParentDeathWatchdog } from "@tinyloop/mcp-transport/stdio";
import type { ToolRegistry } from "@tinyloop/registry";
import { withBundledServers } from "./bundled-servers.js";
import { maskUrls } from "./mask-urls.js";
import { connectedLine, failureReason } from "./server-summary.js";

/** What the person sees while servers connect. */
export interface ConnectProgress {
  /** The live line, e.g. `connecting 3/4 servers · 27 tools`; called on every change. */
  status(line: string): void;
  /** A server that failed: the reason, and its last stderr lines (all of them with `--verbose`). */
  failed(server: string, reason: string, stderr?: readonly string[]): void;
  /** Extra lines for `--verbose` (server logs, timings). */
  verbose?(line: string): void;
}

/** Lines of a failed server's stderr shown without `--verbose`. */
const STDERR_LINES = 5;

/**
 * Connects every server of the agent into `registry` at once (one failing server never
 * stops the others) and reports progress as it goes. Resolves once each is ready or failed.
 * The last line reads `connected 0/1 servers (1 failed: filesystem — reason)`.
 */
export async function connectServers(
  servers: readonly AgentServer[],
  registry: ToolRegistry,
  progress: ConnectProgress,
  {
    extraEnv,
    lazy = false,
    features,
    oauth,
  }: {
    extraEnv?: Record<string, string>;
    lazy?: boolean;
    /** Elicitation, sampling, roots and server logs offered to every server. */
    features?: ClientFeatureOptions;
    /** OAuth for HTTP servers that ask for a login (see `cliOAuthOptions`). */
    oauth?: OAuthOptions;
  } = {},
): Promise<McpHub> {
  const enabled = servers.filter((s) => s.enabled);
  const total = enabled.length;
  const ready = new Set<string>();
  const failed = new Map<string, string>();
  const tools = new Map<string, number>();
  const started = new Map<string, number>();
  // The live line is for start-up; a lazy server starting mid-answer must not overwrite it.
  let startedUp = false;
  const update = () => {
    if (startedUp) return;
    const count = [...tools.values()].reduce((a, b) => a + b, 0);
    if (ready.size + failed.size < total)
      progress.status(`connecting ${ready.size}/${total} servers · ${count} tools`);
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
    if (event.type === "connecting") started.set(event.server, performance.now());
    if (event.type === "manifest-known") {
      tools.set(event.server, event.toolCount);
      ready.add(event.server);
      progress.verbose?.(
        `server ${event.server}: ${event.toolCount} tools from the manifest cache; starts on first use`,
      );
    }
    if (event.type === "warning") progress.verbose?.(`server ${event.server}: ${event.message}`);
    if (event.type === "ready" || event.type === "synced") {
      tools.set(event.server, event.toolCount);
      if (event.type === "ready") {
        ready.add(event.server);
        failed.delete(event.server);
        const since = started.get(event.server);
        if (since !== undefined)
          progress.verbose?.(
            `server ${event.server}: ready in ${Math.round(performance.now() - since)}ms, ${event.toolCount} tools`,
          );
        for (const warning of event.report.warnings)
          progress.verbose?.(`server ${event.server}: ${warning}`);
      }
    }
    if (event.type === "failed") {
      const tail = (event.error as { stderrTail?: string[] }).stderrTail ?? [];
      const reason = maskUrls(event.reason);
      failed.set(event.server, failureReason(reason, tail));
      progress.failed(event.server, reason, progress.verbose ? tail : tail.slice(-STDERR_LINES));
    }
    if (event.type === "reconnecting")
      progress.verbose?.(
        `server ${event.server}: reconnecting${event.reason ? ` (${maskUrls(event.reason)})` : ""}`,
      );
    update();
  };
  update();
  const connection = {
    ...features,
    ...(oauth ? { oauth } : {}),
    ...(progress.verbose ? { onLog: (line: string) => progress.verbose?.(maskUrls(line)) } : {}),
  };
  const entries = toServerEntries(withBundledServers(servers), extraEnv ? { extraEnv } : {});
  // If the CLI is SIGKILLed no exit hook runs: a watchdog process takes the servers down.
  if (
    Object.values(entries).some((entry) => typeof entry === "object" && entry && "command" in entry)
  )
    startParentDeathWatchdog();
  const hub = await connectAll(entries, registry, {
    onEvent,
    ...(lazy ? { lazy } : {}),
    connection,
  });
  for (const status of hub.servers()) {
    // --verbose shows what each server wrote to stderr while starting.
    if (status.state === "failed" || !progress.verbose) continue;
    for (const line of hub.connection(status.name)?.stderrTail() ?? [])
      progress.verbose(`server ${status.name} stderr: ${line}`);
  }
  update();
  startedUp = true;
  return hub;
}
