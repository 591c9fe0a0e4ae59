import { isIP } from "node:net";

/**
 * True when `host` only accepts connections from this machine: `localhost`, any
 * 127.0.0.0/8 address, `::1` and IPv4-mapped loopback. `0.0.0.0`, `::` and every other
 * name or address count as reachable from outside.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice(7) : bare;
  return isIP(v4) === 4 && v4.startsWith("127.");
}
