import { z } from "zod";
import type { AgentServer, ServerTransport } from "./agent-spec.js";
import { type ConfigPath, configIssue, describeFound, parseWith } from "./config-issue.js";

/** The file dialect a server entry is written in; decides keys and examples. */
export type ServerEntryStyle = "tiny-agents" | "mcp-servers" | "hermes";

/** A server entry before it has a name. `enabled: false` entries are dropped by the caller. */
export type ServerEntry = Omit<AgentServer, "name" | "origin"> & { enabled: boolean };

const EXAMPLES: Record<ServerEntryStyle, { stdio: string; http: string }> = {
  "tiny-agents": {
    stdio: `{ "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] }`,
    http: `{ "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${input:token}" } }`,
  },
  "mcp-servers": {
    stdio: `"files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "env": {} }`,
    http: `"remote": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${TOKEN}" } }`,
  },
  hermes: {
    stdio: `files: { command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."], timeout: 120 }`,
    http: `remote: { url: "https://example.com/mcp", headers: { Authorization: "Bearer \${TOKEN}" } }`,
  },
};

// YAML turns `PORT: 3000` into a number; an environment only holds strings.
const envValue = z
  .union([z.string(), z.number(), z.boolean()], { error: "expected a string" })
  .transform(String);
const stringMap = z.record(z.string(), z.string());
const nameList = z.union([z.string().transform((s) => [s]), z.array(z.string())], {
  error: "expected a tool name or a list of tool names",
});
const toolsFilter = z.strictObject({
  include: nameList.optional(),
  exclude: nameList.optional(),
  // Hermes utility-tool switches: accepted so real files load; tinyloop has no such tools.
  resources: z.unknown().optional(),
  prompts: z.unknown().optional(),
});
const seconds = z.number().positive();

const common = {
  tools: toolsFilter.optional(),
  enabled: z.boolean().optional(),
  disabled: z.boolean().optional(),
  timeout: seconds.optional(),
  connect_timeout: seconds.optional(),
};

const stdioSchema = z.strictObject({
  type: z.literal("stdio").optional(),
  command: z.string().min(1, "expected a command to run"),
  args: z
    .array(z.union([z.string(), z.number()], { error: "expected a string" }).transform(String))
    .optional(),
  env: z.record(z.string(), envValue).optional(),
  cwd: z.string().optional(),
  ...common,
});

const httpType = z.enum(["http", "sse", "streamable-http", "streamableHttp"]);
const httpSchema = z.strictObject({
  type: httpType.optional(),
  url: z.string().min(1, "expected a URL"),
  headers: stringMap.optional(),
  ...common,
});

const nestedStdioSchema = z.strictObject({
  type: z.literal("stdio").optional(),
  config: z.strictObject({
    command: z.string().min(1, "expected a command to run"),
    args: z.array(z.string()).optional(),
    env: stringMap.optional(),
    cwd: z.string().optional(),
  }),
  tools: toolsFilter.optional(),
});

const nestedHttpSchema = z.strictObject({
  type: httpType,
  config: z.strictObject({
    url: z.string().min(1, "expected a URL"),
    options: z
      .object({ requestInit: z.object({ headers: stringMap.optional() }).loose().optional() })
      .loose()
      .optional(),
  }),
  tools: toolsFilter.optional(),
});

function filters(
  tools: z.infer<typeof toolsFilter> | undefined,
): Pick<ServerEntry, "include" | "exclude"> {
  const out: Pick<ServerEntry, "include" | "exclude"> = {};
  if (tools?.include) out.include = tools.include;
  if (tools?.exclude) out.exclude = tools.exclude;
  return out;
}

function httpKind(type: z.infer<typeof httpType> | undefined): "http" | "sse" | "auto" {
  if (type === "sse") return "sse";
  return type === undefined ? "auto" : "http";
}

/**
 * Reads one server entry of any supported dialect into a transport plus filters.
 * Throws a config error naming `path` inside `file`, with an example of the right form.
 */
export function parseServerEntry(
  raw: unknown,
  { file, path, style }: { file: string; path: ConfigPath; style: ServerEntryStyle },
): ServerEntry {
  const examples = EXAMPLES[style];
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw configIssue({
      file,
      path,
      problem: `expected a server object, got ${describeFound(raw)}`,
      example: examples.stdio,
    });
  }
  const entry = raw as Record<string, unknown>;
  if (style === "tiny-agents" && "config" in entry) {
    const isStdio = entry.type === undefined || entry.type === "stdio";
    if (isStdio) {
      const parsed = parseWith(nestedStdioSchema, entry, {
        file,
        at: path,
        example: `{ "type": "stdio", "config": { "command": "npx", "args": ["@playwright/mcp@latest"] } }`,
      });
      const transport: ServerTransport = {
        type: "stdio",
        command: parsed.config.command,
        args: parsed.config.args ?? [],
        env: parsed.config.env ?? {},
      };
      if (parsed.config.cwd) transport.cwd = parsed.config.cwd;
      return { transport, enabled: true, ...filters(parsed.tools) };
    }
    const parsed = parseWith(nestedHttpSchema, entry, {
      file,
      at: path,
      example: `{ "type": "http", "config": { "url": "https://example.com/mcp", "options": { "requestInit": { "headers": { "Authorization": "Bearer \${input:token}" } } } } }`,
    });
    return {
      transport: {
        type: httpKind(parsed.type),
        url: parsed.config.url,
        headers: parsed.config.options?.requestInit?.headers ?? {},
      },
      enabled: true,
      ...filters(parsed.tools),
    };
  }

  if (style !== "tiny-agents") rejectTinyOnly(entry, { file, path, examples });
  const hasCommand = "command" in entry;
  const hasUrl = "url" in entry;
  if (hasCommand && hasUrl) {
    throw configIssue({
      file,
      path,
      problem: `has both "command" and "url"; a server is either started (command) or reached (url)`,
      example: examples.stdio,
    });
  }
  if (!hasCommand && !hasUrl) {
    throw configIssue({
      file,
      path,
      problem: `expected a "command" (a server to start) or a "url" (a server to reach), got neither`,
      example: `${examples.stdio}  or  ${examples.http}`,
    });
  }

  const timeouts = (p: { timeout?: number; connect_timeout?: number }) => {
    const out: Pick<ServerEntry, "callTimeoutMs" | "connectTimeoutMs"> = {};
    if (p.timeout !== undefined) out.callTimeoutMs = p.timeout * 1000;
    if (p.connect_timeout !== undefined) out.connectTimeoutMs = p.connect_timeout * 1000;
    return out;
  };
  if (hasCommand) {
    const parsed = parseWith(stdioSchema, entry, { file, at: path, example: examples.stdio });
    const transport: ServerTransport = {
      type: "stdio",
      command: parsed.command,
      args: parsed.args ?? [],
      env: parsed.env ?? {},
    };
    if (parsed.cwd) transport.cwd = parsed.cwd;
    return {
      transport,
      enabled: parsed.enabled !== false && parsed.disabled !== true,
      ...filters(parsed.tools),
      ...timeouts(parsed),
    };
  }
  const parsed = parseWith(httpSchema, entry, { file, at: path, example: examples.http });
  return {
    transport: { type: httpKind(parsed.type), url: parsed.url, headers: parsed.headers ?? {} },
    enabled: parsed.enabled !== false && parsed.disabled !== true,
    ...filters(parsed.tools),
    ...timeouts(parsed),
  };
}

function rejectTinyOnly(
  entry: Record<string, unknown>,
  { file, path, examples }: { file: string; path: ConfigPath; examples: { stdio: string } },
): void {
  if ("config" in entry) {
    throw configIssue({
      file,
      path: [...path, "config"],
      problem: `the nested "config" form belongs to tiny-agents' agent.json; here put "command"/"args" or "url" directly on the server`,
      example: examples.stdio,
    });
  }
}
