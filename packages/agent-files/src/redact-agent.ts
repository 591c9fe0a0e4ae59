import { SECRET_MASK } from "@tinyloop/errors";
import { redactUrl } from "@tinyloop/mcp-transport/config";
import type { AgentFile } from "./agent-file.js";

const SECRET_NAME = /key|token|secret|password|passwd|auth|credential|cookie|session|pat\b/i;
const SECRET_WORDS = new Set([
  "key",
  "apikey",
  "token",
  "secret",
  "password",
  "passwd",
  "auth",
  "authorization",
  "credential",
  "credentials",
  "cookie",
  "pat",
  "bearer",
]);

/**
 * A name made of words, one of which says secret: `token`, `api-key`, `access_token`,
 * `githubToken`, `clientSecret`; not `db-path`, `keyboard` or `sessionRetries`.
 */
export function isSecretWordName(name: string): boolean {
  return name
    .split(/[-_]/)
    .some(
      (word) => SECRET_WORDS.has(word.toLowerCase()) || /(Token|Key|Secret|Password)$/.test(word),
    );
}

/** `--token`, `--api-key`, `--access_token`, `--githubToken`; not `--db-path` or `--keyboard`. */
function isSecretFlag(arg: string): boolean {
  return /^--?[A-Za-z]/.test(arg) && isSecretWordName(arg.replace(/^--?/, ""));
}
const REDACTED = SECRET_MASK;

function redactMap(map: Record<string, string>, all: boolean): Record<string, string> {
  return Object.fromEntries(
    Object.entries(map).map(([k, v]) => [
      k,
      v !== "" && (all || SECRET_NAME.test(k)) ? REDACTED : v,
    ]),
  );
}

/** Args with the value after a secret-looking flag (`--token X`, `--api-key=X`) masked. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    const eq = arg.indexOf("=");
    if (arg.startsWith("-") && eq > 0 && isSecretFlag(arg.slice(0, eq)))
      return `${arg.slice(0, eq + 1)}${REDACTED}`;
    const previous = args[i - 1];
    if (previous !== undefined && !arg.startsWith("-") && isSecretFlag(previous)) return REDACTED;
    return arg;
  });
}

/**
 * The agent as data that is safe to print: the API key, every header value, env values whose
 * names look secret, args after `--token`-like flags, and URL user info and query values
 * (with mcp-transport's `redactUrl`) are replaced by `***`.
 */
export function redactAgent(agent: AgentFile): Record<string, unknown> {
  return {
    format: agent.format,
    name: agent.name,
    ...(agent.file ? { file: agent.file } : {}),
    ...(agent.model ? { model: agent.model } : {}),
    ...(agent.provider ? { provider: agent.provider } : {}),
    ...(agent.endpointUrl ? { endpointUrl: redactUrl(agent.endpointUrl) } : {}),
    ...(agent.apiKey ? { apiKey: REDACTED } : {}),
    ...(agent.promptFile
      ? { systemPrompt: { file: agent.promptFile, characters: agent.systemPrompt?.length ?? 0 } }
      : {}),
    ...(agent.maxTurns ? { maxTurns: agent.maxTurns } : {}),
    ...(agent.toolConcurrency ? { toolConcurrency: agent.toolConcurrency } : {}),
    ...(agent.toolCallFormat ? { toolCallFormat: agent.toolCallFormat } : {}),
    ...(agent.reasoning ? { reasoning: agent.reasoning } : {}),
    approval: agent.approval ?? "ask",
    ...(agent.endWhen ? { endWhen: agent.endWhen } : {}),
    servers: agent.servers.map((server) => {
      const c = server.config;
      const transport =
        "command" in c
          ? { ...c, args: redactArgs(c.args ?? []), env: redactMap(c.env ?? {}, false) }
          : { ...c, url: redactUrl(c.url), headers: redactMap(c.headers ?? {}, true) };
      return {
        name: server.name,
        ...transport,
        ...(server.enabled ? {} : { enabled: false, disabledReason: server.disabledReason }),
        ...(server.agent ? { agent: server.agent } : {}),
        ...(server.tools ? { tools: server.tools } : {}),
        ...(server.autoApprove.length > 0 ? { autoApprove: server.autoApprove } : {}),
        ...(server.lazy !== undefined ? { lazy: server.lazy } : {}),
        ...(server.alwaysLoad !== undefined ? { alwaysLoad: server.alwaysLoad } : {}),
      };
    }),
  };
}
