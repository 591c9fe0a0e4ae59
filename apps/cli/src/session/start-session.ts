import { type StartingAgentSession, startAgentSession } from "@tinyloop/agent-session/start";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { PreparedRun } from "../run/prepare-run.js";
import { withBundledServers } from "./bundled-servers.js";

/**
 * Starts the agent the one way every command does (`run`, `serve`, `mcp serve`, `worker`):
 * agent-session's `startAgentSession`, whose eager stdio servers boot at once. Bundled server
 * bins run from the CLI's dependencies; if the CLI is SIGKILLed, a watchdog process takes the
 * servers down. Registered on `lifecycle`: `closeFirst` (what uses the servers, e.g. an HTTP
 * server draining its requests), then everything the start made. Loads neither the MCP SDK
 * nor zod: the rest loads with `open` (see `openSession`).
 */
export function startSession(
  { spec, plan, choice }: PreparedRun,
  flags: { lazy?: boolean | undefined; maxConcurrentStarts?: number | undefined },
  io: Io,
  lifecycle: Lifecycle,
  closeFirst?: () => Promise<unknown>,
): StartingAgentSession {
  const agent = { ...spec, servers: withBundledServers(spec.servers) };
  const starting = startAgentSession(
    { agent, plan, choice, env: io.env },
    {
      lazy: flags.lazy === true,
      watchdog: true,
      ...(flags.maxConcurrentStarts ? { maxConcurrentStarts: flags.maxConcurrentStarts } : {}),
    },
  );
  lifecycle.add(async () => {
    await closeFirst?.();
    await starting.close();
  });
  return starting;
}
