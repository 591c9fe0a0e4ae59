import { once } from "node:events";
import { createServer, type Server } from "node:net";
import { listenFailure } from "./listen-failure.js";

/**
 * Binds `server` to `host:port`; a failure is `LISTEN_FAILED` saying why in the user's terms
 * (port in use, no permission, no such address) and what to do.
 */
export async function listenOn(server: Server, host: string, port: number): Promise<void> {
  server.listen(port, host);
  try {
    await Promise.race([
      once(server, "listening"),
      once(server, "error").then(([error]) => Promise.reject(error)),
    ]);
  } catch (error) {
    throw listenFailure(error, host, port);
  }
}

/**
 * Checks that `host:port` can be listened on by binding it for a moment and closing it.
 * Port 0 (any free one) always can.
 * @throws AgentServerError `LISTEN_FAILED`, with {@link listenOn}'s wording.
 */
export async function probeListen({ host, port }: { host: string; port: number }): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await listenOn(probe, host, port);
  } finally {
    if (probe.listening) await new Promise((resolve) => probe.close(resolve));
  }
}
