import {
  oneLine,
  plainStyle,
  type ServerDescription,
  type TextStyle,
} from "@tinyloop/agent-session";
import { redactUrlsInText } from "@tinyloop/errors";
import type { ServerStatus } from "@tinyloop/mcp-registration";
import type { McpServerLog } from "@tinyloop/mcp-transport";
import { sandboxPolicyLine } from "./sandbox-policy-line.js";
import { phaseLabel } from "./server-phase.js";
import { toolLine } from "./tool-line.js";

/**
 * One server's state in one line, as `tinyloop mcp tools` and the REPL's `/servers` show it:
 * `filesystem  ready  14 tools`, `fx  idle  manifest-known · lazy  15 tools`,
 * `gh  failed  0 tools  connect ECONNREFUSED https://api.example/mcp?token=***`,
 * `off  disabled  0 tools  disabled: true in the file`, `fs  ready  14 tools  sandboxed` (its
 * policy is {@link serverSandboxLines}). The last error has its URLs masked
 * and is cut to 100 characters; `disabledReason` is {@link describeServers}'.
 */
export function serverStatusLine(
  server: ServerStatus & {
    disabledReason?: string | undefined;
    sandbox?: ServerDescription["sandbox"];
  },
  style: TextStyle = plainStyle,
): string {
  const state =
    server.state === "ready"
      ? style.green(server.state)
      : server.state === "failed"
        ? style.red(server.state)
        : style.yellow(server.state);
  const phase = phaseLabel(server);
  const error = server.lastError
    ? style.dim(`  ${oneLine(redactUrlsInText(server.lastError), 100)}`)
    : "";
  const disabled =
    server.state === "disabled" && server.disabledReason
      ? style.dim(`  ${server.disabledReason}`)
      : "";
  const sandboxed = server.sandbox ? `  ${style.green("sandboxed")}` : "";
  return `${style.bold(server.name)}  ${state}${phase && style.dim(phase)}  ${server.toolCount} tools${sandboxed}${error}${disabled}`;
}

/**
 * The lines under a server in `tinyloop mcp tools`, each indented two spaces (what the server
 * sent with its control characters made visible): every tool under the name the model sees,
 * as {@link toolLine} shows it (the REPL's `/tools` too), cut to `width` columns; each tool
 * the filters or a collision skipped with the reason; and each warning of the registration.
 */
export function serverToolLines(
  server: ServerDescription,
  style: TextStyle = plainStyle,
  width?: number,
): string[] {
  const lines: string[] = [];
  for (const { name, tool } of server.report?.registered ?? []) {
    const definition = server.tools.find((registered) => registered.name === name);
    lines.push(
      toolLine(
        { name, description: definition?.description ?? "", annotations: definition?.annotations },
        { style, serverTool: tool, ...(width ? { width } : {}) },
      ),
    );
  }
  for (const skipped of server.report?.skipped ?? []) {
    lines.push(
      `  ${style.yellow("skipped")} ${oneLine(`${skipped.tool}: ${skipped.reason}${skipped.detail ? ` (${skipped.detail})` : ""}`, Number.POSITIVE_INFINITY)}`,
    );
  }
  for (const warning of server.report?.warnings ?? [])
    lines.push(`  ${style.yellow("warning")} ${oneLine(warning, Number.POSITIVE_INFINITY)}`);
  return lines;
}

/** One line for a server's log message: `server NAME [level] logger: data`. */
export function serverLogLine(log: McpServerLog): string {
  const data = typeof log.data === "string" ? log.data : JSON.stringify(log.data);
  const logger = log.logger ? ` ${oneLine(log.logger, 60)}` : "";
  return `server ${log.server} [${oneLine(String(log.level), 20)}]${logger}: ${oneLine(data ?? "", 200)}`;
}

/**
 * The policy line under a sandboxed server ({@link sandboxPolicyLine}), shown by `/servers`
 * and `mcp tools` below {@link serverStatusLine}; none for an unconfined one.
 */
export function serverSandboxLines(
  server: Pick<ServerDescription, "sandbox">,
  style: TextStyle = plainStyle,
): string[] {
  return server.sandbox ? [style.dim(sandboxPolicyLine(server.sandbox))] : [];
}
