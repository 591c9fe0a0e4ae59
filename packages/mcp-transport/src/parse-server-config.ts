// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import {
  boundWords,
  describeValue,
  formatKeyPath,
  oneOf,
  redactUrl,
  TOP_LEVEL,
  typeWords,
  valueAt,
} from "@tinyloop/errors";
import { englishErrors } from "@tinyloop/errors/zod";
import type * as z from "zod/mini";
import { configSchemas, type ServerConfig } from "./config-schema.js";
import { McpTransportError } from "./errors.js";
import { oauthConfigProblems } from "./oauth/oauth-config-check.js";

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

function formatIssue(
  issue: z.core.$ZodIssue,
  input: unknown,
  base: string,
  allowed: string[],
): string {
  const where = formatKeyPath(issue.path, base);
  const field = String(issue.path[0] ?? "");
  const value = valueAt(input, issue.path);
  // env and header values are often secrets: say what kind of value, never the value.
  const found =
    (field === "env" || field === "headers") && typeof value === "string"
      ? "a string (value not shown)"
      : describeValue(value);
  const example = examples[field] ? ` (example: ${field}: ${examples[field]})` : "";
  switch (issue.code) {
    case "invalid_type":
      return `${where}: expected ${typeWords(issue.expected)}, got ${found}${example}`;
    case "unrecognized_keys":
      return `${where}: unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}; allowed fields: ${allowed.join(", ")}`;
    case "too_small":
    case "too_big":
      return `${where}: expected ${boundWords(issue) ?? issue.message}, got ${found}${example}`;
    case "invalid_value":
      return `${where}: expected ${oneOf(issue.values.map((v) => JSON.stringify(v)))}, got ${found}${example}`;
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
    throw invalidConfig(problems, path);
  };
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail([
      `${path || TOP_LEVEL}: expected an object with "command" (stdio) or "url" (HTTP), got ${describeValue(input)} (example: { "command": "npx", "args": ["-y", "some-mcp-server"] })`,
    ]);
  }
  let record = input as Record<string, unknown>;
  if (record.type === "streamable-http" || record.type === "streamableHttp")
    record = { ...record, type: "http" };
  let kind: keyof typeof schemas;
  if (record.type === undefined) {
    if ("command" in record && "url" in record) {
      return fail([
        `${formatKeyPath([], path)}: has both "command" and "url"; keep "command" for a local process or "url" for a remote server`,
      ]);
    }
    if ("command" in record) kind = "stdio";
    else if ("url" in record) kind = "http";
    else
      return fail([
        `${formatKeyPath([], path)}: expected "command" (a program to start, e.g. "npx") or "url" (e.g. "https://example.com/mcp"), found neither`,
      ]);
  } else if (record.type === "stdio" || record.type === "http" || record.type === "sse") {
    kind = record.type;
  } else {
    return fail([
      `${formatKeyPath(["type"], path)}: expected "stdio", "http" or "sse", got ${describeValue(record.type)}`,
    ]);
  }
  const schema = schemas[kind]();
  const result = schema.safeParse(record, { error: englishErrors() });
  if (!result.success) {
    return fail(
      result.error.issues.map((issue) =>
        formatIssue(issue, record, path, fieldsAt(schema, issue.path)),
      ),
    );
  }
  const config = result.data as ServerConfig;
  if ("oauth" in config && config.oauth) {
    const problems = oauthConfigProblems(config.oauth, path);
    if (problems.length > 0) return fail(problems);
  }
  if ("url" in config && !config.url.includes("${"))
    checkUrl(config.url, formatKeyPath(["url"], path));
  return config;
}

type SchemaNode = { _zod: { def: { type: string; innerType?: unknown; options?: unknown[] } } };

/** The fields of the object schema at `keys` inside `schema` (through optionals and unions). */
function fieldsAt(schema: unknown, keys: readonly PropertyKey[]): string[] {
  const unwrap = (node: unknown): unknown => {
    const def = (node as SchemaNode | undefined)?._zod.def;
    if (def?.type === "optional") return unwrap(def.innerType);
    if (def?.type === "union") return def.options?.map(unwrap).find((option) => shapeOf(option));
    return node;
  };
  const shapeOf = (node: unknown) =>
    (node as { shape?: Record<string, unknown> } | undefined)?.shape;
  let node = unwrap(schema);
  for (const key of keys) node = unwrap(shapeOf(node)?.[String(key)]);
  return Object.keys(shapeOf(node) ?? {});
}

/** The `CONFIG_INVALID` error listing `problems` of the server config at `path`. */
export function invalidConfig(problems: readonly string[], path: string): McpTransportError {
  return new McpTransportError({
    code: "CONFIG_INVALID",
    message: `Invalid MCP server config${path ? ` at ${path}` : ""}:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  });
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
      message: `Invalid MCP server config: ${where}: expected an http(s) URL, got ${describeValue(redactUrl(url))} (example: url: "https://example.com/mcp")`,
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
