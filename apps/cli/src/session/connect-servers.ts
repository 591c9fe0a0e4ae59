import { connectAll, type HubEvent, type McpHub } from "@tinyloop/mcp-registration";
import type { ClientFeatureOptions, OAuthOptions } from "@tinyloop/mcp-transport";
import type { ToolRegistry } from "@tinyloop/registry";
import type { AgentServer } from "../agent/agent-spec.js";
import { withBundledServers } from "./bundled-servers.js";
import { toConnectEntries } from "./server-configs.js";

/** What the person sees while servers connect. */
export interface ConnectProgress {
  /** The live line, e.g. `connecting 3/4 servers · 27 tools`; called on every change. */
  status(line: string): void;
  /** One line per server that failed, with the reason. */
  failed(server: string, reason: string): void;
  /** Extra lines for `--verbose` (server logs, timings). */
  verbose?(line: string): void;
}

/**
 * Connects every server of the agent into `registry` at once (one failing server never
 * stops the others) and reports progress as it goes. Resolves once each is ready or failed.
 */
export async function connectServers(
  servers: readonly AgentServer[],
  registry: ToolRegistry,
  progress: ConnectProgress,
  {
    extraEnv,
    features,
    oauth,
  }: {
    extraEnv?: Record<string, string>;
    /** Elicitation, sampling, roots and server logs offered to every server. */
    features?: ClientFeatureOptions;
    /** OAuth for HTTP servers that ask for a login (see `cliOAuthOptions`). */
    oauth?: OAuthOptions;
  } = {},
): Promise<McpHub> {
  const total = servers.length;
  const done = new Set<string>();
  const tools = new Map<string, number>();
  const started = new Map<string, number>();
  const update = () => {
    const count = [...tools.values()].reduce((a, b) => a + b, 0);
    const verb = done.size < total ? "connecting" : "connected";
    progress.status(`${verb} ${done.size}/${total} servers · ${count} tools`);
  };
  const onEvent = (event: HubEvent) => {
    if (event.type === "connecting") started.set(event.server, performance.now());
    if (event.type === "ready" || event.type === "synced") {
      tools.set(event.server, event.toolCount);
      if (event.type === "ready") {
        done.add(event.server);
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
      done.add(event.server);
      progress.failed(event.server, event.reason);
    }
    if (event.type === "reconnecting")
      progress.verbose?.(
        `server ${event.server}: reconnecting${event.reason ? ` (${event.reason})` : ""}`,
      );
    update();
  };
  update();
  const connection = {
    ...features,
    ...(oauth ? { oauth } : {}),
    ...(progress.verbose ? { onLog: (line: string) => progress.verbose?.(line) } : {}),
  };
  const entries = toConnectEntries(withBundledServers(servers), extraEnv ? { extraEnv } : {});
  const hub = await connectAll(entries, registry, {
    onEvent,
    connection,
  });
  // Servers that ended up neither ready nor failed (disabled) still count as done.
  for (const status of hub.servers()) {
    done.add(status.name);
    // --verbose shows what each server wrote to stderr while starting.
    for (const line of progress.verbose ? (hub.connection(status.name)?.stderrTail() ?? []) : []) {
      progress.verbose?.(`server ${status.name} stderr: ${line}`);
    }
  }
  update();
  return hub;
}
