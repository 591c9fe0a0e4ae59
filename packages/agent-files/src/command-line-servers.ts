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

/**
 * How a program's user gives the servers of {@link withAdHocServers}, as its errors name
 * them: a CLI passes its flags (`{ command: "--server", url: "--url" }`); without them the
 * errors say `server command` and `server URL`.
 */
export interface AdHocServerLabels {
  /** Names a server's command line (followed by the command in quotes). */
  command: string;
  /** Names a server's URL (followed by the URL in quotes). */
  url: string;
}

const PLAIN_LABELS: AdHocServerLabels = { command: "server command", url: "server URL" };

/**
 * Splits a command line such as `node server.js --root 'my dir'` into words; quotes group,
 * no shell runs. `label` names where the line came from in the error of an unclosed quote.
 */
export function splitCommandLine(line: string, label = PLAIN_LABELS.command): string[] {
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
      `${label} ${JSON.stringify(line)}`,
      `a ${quote} quote is not closed`,
      `${label} "node server.js --root 'my dir'"`,
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
 * Adds servers given outside the agent file (a command line such as `node s.js`, a URL such
 * as `http://…/mcp`) to an agent's servers, with names derived from each command or URL,
 * unique against the existing ones. `labels` say how the user gave them (a CLI's flags).
 * @throws AgentFileError `INVALID` naming the label and value (an unclosed quote, a URL that
 *   is not http(s) or holds credentials, anything else the transport's `parseServerConfig`
 *   refuses); a URL is named with its credentials masked.
 */
export function withAdHocServers(
  servers: readonly AgentFileServer[],
  {
    commands = [],
    urls = [],
    labels = PLAIN_LABELS,
  }: { commands?: string[]; urls?: string[]; labels?: AdHocServerLabels },
): AgentFileServer[] {
  const added: Array<{ config: ServerConfig; path: Array<string | number> }> = [];
  commands.forEach((line, index) => {
    const [command, ...args] = splitCommandLine(line, labels.command);
    const example = `${labels.command} "node server.js"`;
    if (!command)
      throw flagError(labels.command, "expected a command, got an empty string", example);
    added.push({
      config: checkedConfig(
        { type: "stdio", command, args, env: {} },
        `${labels.command} ${JSON.stringify(line)}`,
        example,
      ),
      path: [labels.command, index],
    });
  });
  urls.forEach((url, index) => {
    let protocol = "";
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = "";
    }
    const shown = `${labels.url} ${JSON.stringify(redactUrl(url))}`;
    if (protocol !== "http:" && protocol !== "https:") {
      throw flagError(shown, "expected an http(s) URL", `${labels.url} http://127.0.0.1:3001/mcp`);
    }
    added.push({
      config: checkedConfig({ url, headers: {} }, shown, URL_IN_FILE_EXAMPLE),
      path: [labels.url, index],
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
