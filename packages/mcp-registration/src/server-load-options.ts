import { describeValue } from "@tinyloop/errors";
import { McpRegistrationError } from "./mcp-registration-error.js";

/** How a server's tools are loaded: the per-server keys `lazy` and `alwaysLoad`. */
export interface ServerLoadOptions {
  /**
   * Start the server only when one of its tools is first called; until then its tools are
   * registered from the manifest cache. The first run (no cache entry), a changed server and
   * a stale entry start it at once and refresh the cache. Default: `connectAll`'s `lazy`.
   */
  lazy?: boolean;
  /**
   * Always offer this server's tools to the model, even when the agent keeps MCP tools back
   * behind `tool_search` (registers them with `deferred: false`).
   */
  alwaysLoad?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Takes `lazy` and `alwaysLoad` off one server entry (the transport's config schema does not
 * know them) and checks them.
 * @throws McpRegistrationError `CONFIG_INVALID` naming the key, e.g. `servers.fs.lazy`.
 */
export function splitLoadOptions(
  name: string,
  input: unknown,
  path = `servers.${name}`,
): { entry: unknown; load: ServerLoadOptions } {
  if (!isRecord(input)) return { entry: input, load: {} };
  const { lazy, alwaysLoad, ...entry } = input;
  const load: ServerLoadOptions = {};
  for (const [key, value] of [
    ["lazy", lazy],
    ["alwaysLoad", alwaysLoad],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== "boolean") {
      throw new McpRegistrationError({
        code: "CONFIG_INVALID",
        server: name,
        message: `${path}.${key}: expected true or false, got ${describeValue(value)} (e.g. "${key}": true)`,
      });
    }
    load[key] = value;
  }
  return { entry, load };
}
