import { once } from "node:events";
import { createServer, type Server } from "node:net";
import { AgentServerError } from "./agent-server-error.js";

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
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "EADDRINUSE"
        ? "the port is already in use; choose another port (0 picks a free one)"
        : code === "EACCES"
          ? "no permission to use this port; choose one above 1023"
          : code === "EADDRNOTAVAIL" || code === "ENOTFOUND"
            ? "this machine has no such address; use 127.0.0.1, 0.0.0.0 or one of its own addresses"
            : (error as Error).message;
    throw new AgentServerError({
      code: "LISTEN_FAILED",
      message: `cannot listen on ${host}:${port}: ${why}`,
      cause: error,
    });
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
