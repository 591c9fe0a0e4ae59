// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the example spells ${VAR} literally
import {
  McpTransportError,
  parseServerConfig,
  redactUrl,
  type ServerConfig,
} from "@tinyloop/mcp-transport/config";
import type { AgentFileServer } from "./agent-file.js";
import { AgentFileError } from "./agent-file-error.js";
import { deriveServerName, uniqueNames } from "./server-names.js";

function flagError(flag: string, problem: string, example: string): AgentFileError {
  return new AgentFileError({ code: "INVALID", file: flag, problem, example });
}

/** Splits a command line such as `--server "node server.js --root 'my dir'"` into words; quotes group, no shell runs. */
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
    throw flagError(
      `--server ${JSON.stringify(line)}`,
      `a ${quote} quote is not closed`,
      `--server "node server.js --root 'my dir'"`,
    );
  if (inWord) words.push(current);
  return words;
}

/** Where a URL's credentials go instead: a header of a server in an agent file. */
const URL_IN_FILE_EXAMPLE = `"mcpServers": { "api": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${API_TOKEN}" } } }`;

/**
 * `config` checked by the transport's own `parseServerConfig` (the one config check: a URL
 * with credentials, a NUL byte), its problem re-raised as an error naming the flag.
 */
function checkedConfig(config: ServerConfig, flag: string, example: string): ServerConfig {
  try {
    return parseServerConfig(config);
  } catch (error) {
    if (!McpTransportError.isInstance(error)) throw error;
    const problem = error.message
      .replace(/^Invalid MCP server config(?: at [^:]*)?:\s*/, "")
      .replace(/^\s*(?:- )?(?:url|command|args(?:\[\d+\])?): /gm, "")
      .replace(/ \(example: [^\n]*\)$/gm, "");
    throw flagError(flag, problem, example);
  }
}

/**
 * Adds servers given on a command line (`--server "node s.js"`, `--url http://…/mcp`) to an
 * agent's servers, with names derived from each command or URL, unique against the existing ones.
 * @throws AgentFileError `INVALID` naming the flag (an unclosed quote, a URL that is not
 *   http(s) or holds credentials, anything else the transport's `parseServerConfig` refuses);
 *   a URL is named with its credentials masked.
 */
export function withAdHocServers(
  servers: readonly AgentFileServer[],
  { commands = [], urls = [] }: { commands?: string[]; urls?: string[] },
): AgentFileServer[] {
  const added: Array<{ config: ServerConfig; path: Array<string | number> }> = [];
  commands.forEach((line, index) => {
    const [command, ...args] = splitCommandLine(line);
    if (!command)
      throw flagError(
        "--server",
        "expected a command, got an empty string",
        `--server "node server.js"`,
      );
    added.push({
      config: checkedConfig(
        { type: "stdio", command, args, env: {} },
        `--server ${JSON.stringify(line)}`,
        `--server "node server.js"`,
      ),
      path: ["--server", index],
    });
  });
  urls.forEach((url, index) => {
    let protocol = "";
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = "";
    }
    const shown = `--url ${JSON.stringify(redactUrl(url))}`;
    if (protocol !== "http:" && protocol !== "https:") {
      throw flagError(shown, "expected an http(s) URL", "--url http://127.0.0.1:3001/mcp");
    }
    added.push({
      config: checkedConfig({ url, headers: {} }, shown, URL_IN_FILE_EXAMPLE),
      path: ["--url", index],
    });
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
