// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import type * as z from "zod/mini";
import { configSchemas, type ServerConfig } from "./config-schema.js";
import { englishErrors } from "./english-errors.js";
import { McpTransportError } from "./errors.js";
import { redactUrl } from "./redact-url.js";

const examples: Record<string, string> = {
  type: '"stdio", "http" or "sse"',
  command: '"npx"',
  args: '["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]',
  env: '{ "GITHUB_TOKEN": "${GITHUB_TOKEN}" }',
  cwd: '"/home/me/project"',
  url: '"https://example.com/mcp"',
  headers: '{ "Authorization": "Bearer ${API_TOKEN}" }',
  enabled: "true",
  timeouts: '{ "connectMs": 30000, "callMs": 60000 }',
  reconnect: '{ "initialRetries": 3, "sessionRetries": 5 }',
  pingIntervalMs: "30000",
};

const expectedNames: Record<string, string> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  record: "an object of strings",
};

/** Describes a found value the way error messages show it. */
function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value === "number" ? "the number" : typeof value} ${String(value)}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function joinPath(base: string, path: readonly PropertyKey[]): string {
  let out = base;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) out += out ? `.${String(key)}` : String(key);
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || "(config)";
}

function formatIssue(
  issue: z.core.$ZodIssue,
  input: unknown,
  base: string,
  allowed: string[],
): string {
  const where = joinPath(base, issue.path);
  const field = String(issue.path[0] ?? "");
  const value = valueAt(input, issue.path);
  // env and header values are often secrets: say what kind of value, never the value.
  const found =
    (field === "env" || field === "headers") && typeof value === "string"
      ? "a string (value not shown)"
      : describe(value);
  const example = examples[field] ? ` (example: ${field}: ${examples[field]})` : "";
  switch (issue.code) {
    case "invalid_type":
      return `${where}: expected ${expectedNames[issue.expected] ?? issue.expected}, got ${found}${example}`;
    case "unrecognized_keys":
      return `${where}: unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}; allowed fields: ${allowed.join(", ")}`;
    case "too_small":
      return issue.origin === "string"
        ? `${where}: expected a non-empty string, got ${found}${example}`
        : `${where}: expected a number ${issue.inclusive ? ">=" : ">"} ${String(issue.minimum)}, got ${found}${example}`;
    case "too_big":
      return `${where}: expected a number ${issue.inclusive ? "<=" : "<"} ${String(issue.maximum)}, got ${found}${example}`;
    case "invalid_value":
      return `${where}: expected ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}, got ${found}${example}`;
    default:
      return `${where}: ${issue.message}, got ${found}${example}`;
  }
}

const schemas = {
  stdio: configSchemas.stdio,
  http: configSchemas.http,
  sse: configSchemas.sse,
} as const;

/**
 * Validates one server config. The variant comes from `type`, else from `command`
 * (stdio) or `url` (Streamable HTTP with SSE fallback). `"streamable-http"` and
 * `"streamableHttp"` are accepted as spellings of `"http"`.
 *
 * @param path where the config sits, for messages (`servers.github`).
 * @throws McpTransportError `CONFIG_INVALID`, whose message lists every problem as
 *   `path: expected …, got …`.
 */
export function parseServerConfig(input: unknown, path = ""): ServerConfig {
  const fail = (problems: string[]): never => {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      message: `Invalid MCP server config${path ? ` at ${path}` : ""}:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    });
  };
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail([
      `${path || "(config)"}: expected an object with "command" (stdio) or "url" (HTTP), got ${describe(input)} (example: { "command": "npx", "args": ["-y", "some-mcp-server"] })`,
    ]);
  }
  let record = input as Record<string, unknown>;
  if (record.type === "streamable-http" || record.type === "streamableHttp")
    record = { ...record, type: "http" };
  let kind: keyof typeof schemas;
  if (record.type === undefined) {
    if ("command" in record && "url" in record) {
      return fail([
        `${joinPath(path, [])}: has both "command" and "url"; keep "command" for a local process or "url" for a remote server`,
      ]);
    }
    if ("command" in record) kind = "stdio";
    else if ("url" in record) kind = "http";
    else
      return fail([
        `${joinPath(path, [])}: expected "command" (a program to start, e.g. "npx") or "url" (e.g. "https://example.com/mcp"), found neither`,
      ]);
  } else if (record.type === "stdio" || record.type === "http" || record.type === "sse") {
    kind = record.type;
  } else {
    return fail([
      `${joinPath(path, ["type"])}: expected "stdio", "http" or "sse", got ${describe(record.type)}`,
    ]);
  }
  const schema = schemas[kind]();
  const result = schema.safeParse(record, { error: englishErrors() });
  if (!result.success) {
    const allowed = Object.keys(schema.shape);
    return fail(result.error.issues.map((issue) => formatIssue(issue, record, path, allowed)));
  }
  const config = result.data as ServerConfig;
  if ("url" in config && !config.url.includes("${")) checkUrl(config.url, joinPath(path, ["url"]));
  return config;
}

/** Throws CONFIG_INVALID unless `url` is an absolute http(s) URL without user info. */
export function checkUrl(url: string, where: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      message: `Invalid MCP server config: ${where}: expected an http(s) URL, got ${describe(redactUrl(url))} (example: url: "https://example.com/mcp")`,
    });
  }
  // fetch refuses such URLs, and they end up printed in logs: credentials belong in headers.
  if (parsed.username || parsed.password) {
    throw new McpTransportError({
      code: "CONFIG_INVALID",
      message: `Invalid MCP server config: ${where}: the URL ${redactUrl(url)} holds credentials (user:password@); remove them and send them as a header instead (example: headers: { "Authorization": "Bearer \${API_TOKEN}" })`,
    });
  }
}
