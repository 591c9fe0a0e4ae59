import { describeValue } from "@tinyloop/errors";
import type { ServerConfig } from "@tinyloop/mcp-transport";
import { McpRegistrationError } from "./mcp-registration-error.js";
import type { ToolFilter } from "./tool-filter.js";

/**
 * One named server as `connectAll` takes it: the transport's server config (stdio
 * `command`, or `url` for Streamable HTTP / SSE, plus `enabled`, `timeouts`, …) and an
 * optional `tools` filter.
 */
export type ServerEntry = ServerConfig & { tools?: ToolFilter };

/** A server entry checked and split into its parts, with a key that says when it changed. */
export interface ParsedServerEntry {
  config: ServerConfig;
  filter: ToolFilter;
  enabled: boolean;
  /** Normalised transport config as stable JSON: equal keys mean "no restart needed". */
  connectionKey: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with sorted keys and without empty lists, empty maps and `undefined`s. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => {
        const item = value[key];
        if (item === undefined) return false;
        if (Array.isArray(item)) return item.length > 0;
        return !(isRecord(item) && Object.keys(item).length === 0);
      })
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function parseFilter(value: unknown, path: string, server: string): ToolFilter {
  const fail = (message: string) => {
    throw new McpRegistrationError({ code: "CONFIG_INVALID", message, server });
  };
  if (value === undefined) return {};
  if (!isRecord(value)) {
    fail(
      `${path}: expected an object like { "include": ["read_*"], "exclude": ["write_file"] }, got ${describeValue(value)}`,
    );
  }
  const filter = value as Record<string, unknown>;
  for (const key of Object.keys(filter)) {
    if (key !== "include" && key !== "exclude") {
      fail(
        `${path}.${key}: unknown key; expected "include" and/or "exclude" (lists of tool names or globs)`,
      );
    }
  }
  for (const key of ["include", "exclude"] as const) {
    const list = filter[key];
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((entry) => typeof entry === "string"))
    ) {
      fail(
        `${path}.${key}: expected a list of tool names or globs (e.g. ["read_*", "list_directory"]), got ${describeValue(list)}`,
      );
    }
  }
  return {
    include: filter.include as string[] | undefined,
    exclude: filter.exclude as string[] | undefined,
  };
}

/**
 * Splits one entry of `connectAll`'s record into the transport config and the `tools`
 * filter. Checks what this package owns — that the entry is an object, and the `tools`
 * filter — and throws {@link McpRegistrationError} `CONFIG_INVALID` naming the path
 * (`servers.github.tools.include`). The rest is the transport's: `connectServer` checks it
 * once, with `parseServerConfig`, before anything starts, and the server fails with that
 * `CONFIG_INVALID` error (one check per config, not one per package on the way).
 */
export function parseServerEntry(
  name: string,
  input: unknown,
  path = `servers.${name}`,
): ParsedServerEntry {
  if (!isRecord(input)) {
    throw new McpRegistrationError({
      code: "CONFIG_INVALID",
      server: name,
      message: `${path}: expected a server config object like { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } or { "url": "https://example.com/mcp" }, got ${describeValue(input)}`,
    });
  }
  const { tools, ...rest } = input;
  const filter = parseFilter(tools, `${path}.tools`, name);
  const config = rest as ServerConfig;
  const normalized: Record<string, unknown> = { ...rest, enabled: undefined };
  if ("command" in rest && rest.type === undefined) normalized.type = "stdio";
  return {
    config,
    filter,
    enabled: config.enabled !== false,
    connectionKey: stableJson(normalized),
  };
}

/** Whether two filters select the same way (order of entries does not matter). */
export function sameFilter(a: ToolFilter, b: ToolFilter): boolean {
  const key = (filter: ToolFilter) =>
    stableJson({
      include: [...(filter.include ?? [])].sort(),
      exclude: [...(filter.exclude ?? [])].sort(),
    });
  return key(a) === key(b);
}
