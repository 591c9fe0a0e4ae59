import { createHash } from "node:crypto";
import { MAX_TOOL_NAME_LENGTH } from "@tinyloop/registry";

/** Length of the hex hash that ends a cut or disambiguated name. */
const HASH_LENGTH = 8;

/** Room left for the readable part when `_<hash>` must fit within the limit. */
const READABLE_LENGTH = MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1;

/** A short, stable hex hash (first 8 hex digits of SHA-256). */
export function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, HASH_LENGTH);
}

/**
 * One part of a name (prefix, server or tool) made provider-safe, that is fit for the
 * registry's `TOOL_NAME_PATTERN`: every character outside `[a-zA-Z0-9_-]` becomes `_` (so `files.read` → `files_read`, `über` → `_ber`).
 */
export function sanitizeNamePart(part: string): string {
  return part.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/** `text` cut so that `_<hash>` still fits within the limit, then the hash appended. */
function withHash(text: string, hash: string): string {
  return `${text.length > READABLE_LENGTH ? text.slice(0, READABLE_LENGTH) : text}_${hash}`;
}

/** Characters of a long server name kept readable in {@link shortServerPart}. */
const SHORT_SERVER_LENGTH = 13;

/** Length of the hex hash that ends a shortened server part. */
const SERVER_HASH_LENGTH = 4;

/**
 * A long server name shortened for tool names: its first 13 sanitized characters, `_`, and
 * 4 hex digits of SHA-256 of the server name as configured (so two servers that share a
 * beginning still differ): `github.com/modelcontextprotocol/servers` → `github_com_mo_1a2b`.
 * A server name of at most 18 sanitized characters is returned sanitized, not shortened.
 */
export function shortServerPart(server: string): string {
  const sanitized = sanitizeNamePart(server);
  if (sanitized.length <= SHORT_SERVER_LENGTH + 1 + SERVER_HASH_LENGTH) return sanitized;
  const hash = createHash("sha256").update(server).digest("hex").slice(0, SERVER_HASH_LENGTH);
  return `${sanitized.slice(0, SHORT_SERVER_LENGTH)}_${hash}`;
}

/**
 * The name an MCP tool registers under before collisions are considered:
 * `<prefix>_<server>_<tool>` with every part sanitized (an empty prefix drops its part).
 * A name over 64 characters first gets its server part shortened ({@link shortServerPart}),
 * so the tool's own name stays whole: `mcp_github_com_mo_1a2b_echo`. Only when that is
 * still too long (a long tool name or prefix) is it cut to its first 55 characters plus
 * `_` and a hash of the whole unshortened name, so two long names that share a beginning
 * still differ.
 *
 * @example
 * baseToolName("mcp", "github", "list_issues") // "mcp_github_list_issues"
 * baseToolName("mcp", "everything", "get-sum") // "mcp_everything_get-sum"
 * baseToolName("mcp", "my server", "files.read") // "mcp_my_server_files_read"
 */
export function baseToolName(prefix: string, server: string, tool: string): string {
  const join = (serverPart: string) =>
    (prefix === "" ? [serverPart, tool] : [prefix, serverPart, tool])
      .map(sanitizeNamePart)
      .join("_");
  const full = join(server);
  if (full.length <= MAX_TOOL_NAME_LENGTH) return full;
  const shortened = join(shortServerPart(server));
  if (shortened.length <= MAX_TOOL_NAME_LENGTH) return shortened;
  return withHash(shortened, shortHash(full));
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
