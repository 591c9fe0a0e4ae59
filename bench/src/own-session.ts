import { existsSync } from "node:fs";

const setsid = ["/usr/bin/setsid", "/bin/setsid"].find((path) => existsSync(path));

/**
 * True when servers can be started in their own session here. tinyloop starts every stdio
 * server in a new session (for process-group shutdown), and Linux then gives each one its
 * own scheduler autogroup, i.e. its own share of a busy CPU. The bench starts the floor's
 * and tiny-agents' servers through setsid(1) so that all contenders' servers are scheduled
 * alike; setsid execs in place, so the server keeps its pid and stays in the tree.
 */
export const serversInOwnSession = setsid !== undefined;

/** `command args…` to run in a new session (through setsid), or unchanged without setsid. */
export function inOwnSession(command: string, args: string[]): { command: string; args: string[] } {
  return setsid ? { command: setsid, args: [command, ...args] } : { command, args };
}
