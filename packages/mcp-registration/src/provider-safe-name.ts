import { createHash } from "node:crypto";

/** Longest name OpenAI and Anthropic both accept for a tool. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Length of the hex hash that ends a cut or disambiguated name. */
const HASH_LENGTH = 8;

/** Room left for the readable part when `_<hash>` must fit within the limit. */
const READABLE_LENGTH = MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1;

/** Pattern every registered name matches: the strictest of the providers' rules. */
export const PROVIDER_SAFE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** A short, stable hex hash (first 8 hex digits of SHA-256). */
export function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, HASH_LENGTH);
}

/**
 * One part of a name (prefix, server or tool) made provider-safe: every character
 * outside `[a-zA-Z0-9_-]` becomes `_` (so `files.read` → `files_read`, `über` → `_ber`).
 */
export function sanitizeNamePart(part: string): string {
  return part.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/** `text` cut so that `_<hash>` still fits within the limit, then the hash appended. */
function withHash(text: string, hash: string): string {
  return `${text.length > READABLE_LENGTH ? text.slice(0, READABLE_LENGTH) : text}_${hash}`;
}

/**
 * The name an MCP tool registers under before collisions are considered:
 * `<prefix>_<server>_<tool>` with every part sanitized (an empty prefix drops its part).
 * A result over 64 characters keeps its first 55 and ends in `_` plus a hash of the
 * whole sanitized name, so two long names that share a beginning still differ.
 *
 * @example
 * baseToolName("mcp", "github", "list_issues") // "mcp_github_list_issues"
 * baseToolName("mcp", "everything", "get-sum") // "mcp_everything_get-sum"
 * baseToolName("mcp", "my server", "files.read") // "mcp_my_server_files_read"
 */
export function baseToolName(prefix: string, server: string, tool: string): string {
  const parts = prefix === "" ? [server, tool] : [prefix, server, tool];
  const full = parts.map(sanitizeNamePart).join("_");
  return full.length <= MAX_TOOL_NAME_LENGTH ? full : withHash(full, shortHash(full));
}

/**
 * The `attempt`-th alternative to `baseName`, for a tool whose base name is already
 * held by another MCP tool: `baseName` (cut to fit) plus `_` and a hash of the tool's
 * identity (prefix, server and original tool name). The identity hash keeps the
 * alternative stable from run to run; `attempt` > 1 only matters when even that is taken.
 *
 * @example
 * disambiguatedToolName("mcp_a_x_y", { prefix: "mcp", server: "a", tool: "x.y" }, 1)
 * // "mcp_a_x_y_" + 8 hex digits
 */
export function disambiguatedToolName(
  baseName: string,
  identity: { prefix: string; server: string; tool: string },
  attempt: number,
): string {
  const key = `${identity.prefix}\u0000${identity.server}\u0000${identity.tool}`;
  return withHash(baseName, shortHash(attempt > 1 ? `${key}\u0000${attempt}` : key));
}
