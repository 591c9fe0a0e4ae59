/** Server names the waiting line spells out before it counts the rest. */
const NAMED = 4;

/**
 * The line `mcp tools` and `mcp call` print the moment they start connecting, so a server
 * that never answers is not a silent hang: `waiting for fx…`, `waiting for 6 servers: a, b,
 * c, d and 2 more…`. Empty when nothing is started.
 */
export function waitingLine(servers: readonly string[]): string {
  if (servers.length === 0) return "";
  if (servers.length === 1) return `waiting for ${servers[0]}…`;
  const named = servers.slice(0, NAMED).join(", ");
  const rest = servers.length - NAMED;
  return `waiting for ${servers.length} servers: ${named}${rest > 0 ? ` and ${rest} more` : ""}…`;
}
