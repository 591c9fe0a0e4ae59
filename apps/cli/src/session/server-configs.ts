import { type AgentServer, deriveServerName, uniqueNames } from "@tinyloop/agent-files";
import type { ServerConfig } from "@tinyloop/mcp-transport";
import { CliError } from "../cli-error.js";

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
  const added: Array<{ config: ServerConfig; path: Array<string | number> }> = [];
  commands.forEach((line, index) => {
    const [command, ...args] = splitCommandLine(line);
    if (!command)
      throw new CliError({
        code: "USAGE",
        message: `--server: expected a command such as --server "node server.js", got an empty string`,
      });
    added.push({ config: { type: "stdio", command, args, env: {} }, path: ["--server", index] });
  });
  urls.forEach((url, index) => {
    let protocol = "";
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = "";
    }
    if (protocol !== "http:" && protocol !== "https:") {
      throw new CliError({
        code: "USAGE",
        message: `--url ${JSON.stringify(url)}: expected an http(s) URL such as --url http://127.0.0.1:3001/mcp`,
      });
    }
    added.push({ config: { url, headers: {} }, path: ["--url", index] });
  });
  const names = uniqueNames([
    ...servers.map((s) => s.name),
    ...added.map((a) => deriveServerName(a.config)),
  ]);
  return [
    ...servers,
    ...added.map((a, i) => ({
      name: names[servers.length + i] ?? `server-${i}`,
      ...a,
      enabled: true,
      autoApprove: [],
    })),
  ];
}
