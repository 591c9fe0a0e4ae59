import type { McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { readAgent } from "../agent/read-agent.js";
import type { Io } from "../io.js";
import { EXIT } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { statusLine } from "../run/status-line.js";
import { cliOAuthOptions } from "../session/cli-oauth.js";
import { connectServers } from "../session/connect-servers.js";
import { withAdHocServers } from "../session/server-configs.js";
import { askLine } from "../terminal/ask-secret.js";
import { type Style, styleFor } from "../terminal/style.js";
import { oneLine } from "../terminal/summarize.js";

/** Flags shared by the `mcp` commands. */
export interface ServerFlags {
  server: string[];
  url: string[];
  verbose?: boolean;
  color: boolean;
  json?: boolean;
}

/** Reads the agent and connects its servers (plus `--server` / `--url`) into a fresh registry. */
export async function connectAgentServers(
  agentArg: string | undefined,
  flags: ServerFlags,
  io: Io,
  lifecycle: Lifecycle,
  { style }: { style: Style },
): Promise<{ registry: ToolRegistry; hub: McpHub }> {
  const ask = io.stdin.isTTY
    ? (input: { description: string; id: string; password: boolean }) =>
        askLine(`${input.description || input.id}: `, {
          input: io.stdin,
          output: io.stderr,
          hidden: input.password,
        })
    : undefined;
  // With only --server/--url given, inspect just those instead of the default agent.
  const adHocOnly = agentArg === undefined && (flags.server.length > 0 || flags.url.length > 0);
  const spec = adHocOnly
    ? { format: "default" as const, inputs: [], servers: [] }
    : await readAgent(agentArg, { cwd: io.cwd, env: io.env, ...(ask ? { ask } : {}) });
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
  hub = await connectServers(servers, registry, progress, {
    oauth: cliOAuthOptions({
      env: io.env,
      stderr: io.stderr,
      interactive: io.stdin.isTTY === true,
    }),
  });
  progress.finish();
  return { registry, hub };
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
  const { registry, hub } = await connectAgentServers(agentArg, flags, io, lifecycle, { style });
  const servers = hub.servers();
  if (flags.json) {
    const out = servers.map((s) => ({
      ...s,
      report: hub.report(s.name),
      tools: registry.list({ toolsets: [`mcp-${s.name}`] }),
    }));
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    for (const status of servers) {
      const state = status.state === "ready" ? style.green("ready") : style.red(status.state);
      io.stdout.write(
        `${style.bold(status.name)}  ${state}  ${status.toolCount} tools${status.lastError ? `  ${oneLine(status.lastError, 100)}` : ""}\n`,
      );
      const report = hub.report(status.name);
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
