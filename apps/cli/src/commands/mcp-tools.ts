import type { AgentFileServer } from "@tinyloop/agent-files";
import { withAdHocServers } from "@tinyloop/agent-files";
import { connectServers, describeServers, phaseLabel } from "@tinyloop/agent-session";
import type { McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { readAgent } from "../agent/read-agent.js";
import type { Io } from "../io.js";
import { EXIT } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { statusLine } from "../run/status-line.js";
import { withBundledServers } from "../session/bundled-servers.js";
import { cliOAuthOptions } from "../session/cli-oauth.js";
import { type Style, styleFor } from "../terminal/style.js";
import { oneLine } from "../terminal/summarize.js";

/** Flags shared by the `mcp` commands. */
export interface ServerFlags {
  server: string[];
  url: string[];
  verbose?: boolean;
  color: boolean;
  json?: boolean;
  /** `--lazy`: start servers on first use, their tools from the manifest cache. */
  lazy?: boolean;
}

/** Reads the agent and connects its servers (plus `--server` / `--url`) into a fresh registry. */
export async function connectAgentServers(
  agentArg: string | undefined,
  flags: ServerFlags,
  io: Io,
  lifecycle: Lifecycle,
  { style }: { style: Style },
): Promise<{ registry: ToolRegistry; hub: McpHub; servers: AgentFileServer[] }> {
  // With only --server/--url given, inspect just those instead of the default agent.
  const adHocOnly = agentArg === undefined && (flags.server.length > 0 || flags.url.length > 0);
  const spec = adHocOnly
    ? { format: "default" as const, name: "ad hoc", inputs: [], servers: [], warnings: [] }
    : // No model is started here, so its key is never asked for.
      await readAgent(agentArg, io, { expandModel: false });
  const servers = withAdHocServers(spec.servers, { commands: flags.server, urls: flags.url });
  const registry = new ToolRegistry();
  const progress = statusLine({
    out: io.stderr,
    live: io.stderr.isTTY === true,
    style,
    verbose: flags.verbose === true,
  });
  let hub: McpHub | undefined;
  lifecycle.add(async () => hub?.close());
  ({ hub } = await connectServers(withBundledServers(servers), registry, progress, {
    lazy: flags.lazy === true,
    watchdog: true,
    oauth: cliOAuthOptions({
      env: io.env,
      stderr: io.stderr,
      interactive: io.stdin.isTTY === true,
    }),
  }));
  progress.finish();
  return { registry, hub, servers };
}

/**
 * `tinyloop mcp tools`: each server's tools under the names the agent sees, their
 * descriptions, and what the filters (or collisions) skipped. Exit 1 when a server failed.
 */
export async function mcpToolsCommand(
  agentArg: string | undefined,
  flags: ServerFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stdout, flags, io.env);
  const connected = await connectAgentServers(agentArg, flags, io, lifecycle, { style });
  const { registry, hub } = connected;
  const servers = describeServers(hub, registry, connected.servers);
  if (flags.json) io.stdout.write(`${JSON.stringify(servers, null, 2)}\n`);
  else {
    for (const status of servers) {
      const state =
        status.state === "ready"
          ? style.green("ready")
          : status.state === "idle"
            ? style.yellow("idle")
            : style.red(status.state);
      io.stdout.write(
        `${style.bold(status.name)}  ${state}${phaseLabel(status) && style.dim(phaseLabel(status))}  ${status.toolCount} tools${status.lastError ? `  ${oneLine(status.lastError, 100)}` : ""}${status.state === "disabled" ? style.dim(`  ${status.disabledReason ?? ""}`) : ""}\n`,
      );
      const report = status.report;
      for (const { name, tool } of report?.registered ?? []) {
        const definition = registry.get(name);
        const renamed = name.endsWith(tool) ? "" : style.dim(` (server name: ${tool})`);
        io.stdout.write(
          `  ${style.cyan(name)}${renamed}  ${style.dim(oneLine(definition?.description ?? "", 80))}\n`,
        );
      }
      for (const skipped of report?.skipped ?? []) {
        io.stdout.write(
          `  ${style.yellow("skipped")} ${skipped.tool}: ${skipped.reason}${skipped.detail ? ` (${skipped.detail})` : ""}\n`,
        );
      }
      for (const warning of report?.warnings ?? [])
        io.stdout.write(`  ${style.yellow("warning")} ${warning}\n`);
    }
  }
  return servers.some((s) => s.state === "failed") ? EXIT.runError : EXIT.ok;
}
