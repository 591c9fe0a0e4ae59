import type { ServerConfig } from "@tinyloop/mcp-transport";
import type { AgentServer, ServerTransport } from "../agent/agent-spec.js";
import { deriveServerName, uniqueNames } from "../agent/server-names.js";
import { CliError } from "../cli-error.js";

/** A server entry as `connectAll` of @tinyloop/mcp-registration takes it. */
export type ConnectEntry = ServerConfig & {
  tools?: { include?: string[]; exclude?: string[] };
  lazy?: boolean;
  alwaysLoad?: boolean;
};

/**
 * The per-server load keys (`lazy`, `alwaysLoad`) of an agent's server, when its reader
 * carries them. WIRING POINT: the agent-file readers (to become @tinyloop/agent-files) add
 * these optional booleans to each normalised server; they flow from here to `connectAll`.
 */
function loadKeys(server: AgentServer): { lazy?: boolean; alwaysLoad?: boolean } {
  const { lazy, alwaysLoad } = server as AgentServer & { lazy?: unknown; alwaysLoad?: unknown };
  return {
    ...(typeof lazy === "boolean" ? { lazy } : {}),
    ...(typeof alwaysLoad === "boolean" ? { alwaysLoad } : {}),
  };
}

/** Turns an agent's servers into `connectAll`'s record, keyed by server name. */
export function toConnectEntries(
  servers: readonly AgentServer[],
  { extraEnv = {} }: { extraEnv?: Record<string, string> } = {},
): Record<string, ConnectEntry> {
  const out: Record<string, ConnectEntry> = {};
  for (const server of servers) {
    const t = server.transport;
    const timeouts: { callMs?: number; connectMs?: number } = {};
    if (server.callTimeoutMs) timeouts.callMs = Math.max(1, Math.round(server.callTimeoutMs));
    if (server.connectTimeoutMs)
      timeouts.connectMs = Math.max(1, Math.round(server.connectTimeoutMs));
    const common: Partial<ConnectEntry> = {};
    if (Object.keys(timeouts).length > 0) common.timeouts = timeouts;
    if (server.include || server.exclude) {
      common.tools = {
        ...(server.include ? { include: server.include } : {}),
        ...(server.exclude ? { exclude: server.exclude } : {}),
      };
    }
    let entry: ConnectEntry;
    if (t.type === "stdio") {
      entry = {
        type: "stdio",
        command: t.command,
        args: t.args,
        env: { ...t.env, ...extraEnv },
        ...(t.cwd ? { cwd: t.cwd } : {}),
      };
    } else if (t.type === "sse") {
      entry = { type: "sse", url: t.url, headers: t.headers };
    } else {
      entry = {
        ...(t.type === "http" ? { type: "http" as const } : {}),
        url: t.url,
        headers: t.headers,
      };
    }
    out[server.name] = { ...entry, ...common, ...loadKeys(server) } as ConnectEntry;
  }
  return out;
}

/** Splits `--server "node server.js --root 'my dir'"` into words; quotes group, no shell runs. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let current = "";
  let quote: string | undefined;
  let inWord = false;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (quote)
    throw new CliError({
      code: "USAGE",
      message: `--server ${JSON.stringify(line)}: a ${quote} quote is not closed`,
    });
  if (inWord) words.push(current);
  return words;
}

/**
 * Adds the `--server` commands and `--url` endpoints to an agent's servers, with names
 * derived from each command or URL and made unique against the existing ones.
 */
export function withAdHocServers(
  servers: readonly AgentServer[],
  { commands = [], urls = [] }: { commands?: string[]; urls?: string[] },
): AgentServer[] {
  const added: Array<{ transport: ServerTransport; origin: Array<string | number> }> = [];
  commands.forEach((line, index) => {
    const [command, ...args] = splitCommandLine(line);
    if (!command)
      throw new CliError({
        code: "USAGE",
        message: `--server: expected a command such as --server "node server.js", got an empty string`,
      });
    added.push({
      transport: { type: "stdio", command, args, env: {} },
      origin: ["--server", index],
    });
  });
  urls.forEach((url, index) => {
    try {
      new URL(url);
    } catch {
      throw new CliError({
        code: "USAGE",
        message: `--url ${JSON.stringify(url)}: expected an http(s) URL such as --url http://127.0.0.1:3001/mcp`,
      });
    }
    added.push({ transport: { type: "auto", url, headers: {} }, origin: ["--url", index] });
  });
  const names = uniqueNames([
    ...servers.map((s) => s.name),
    ...added.map((a) => deriveServerName(a.transport)),
  ]);
  return [
    ...servers,
    ...added.map((a, i) => ({ name: names[servers.length + i] ?? `server-${i}`, ...a })),
  ];
}
