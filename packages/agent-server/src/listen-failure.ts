import { AgentServerError } from "./agent-server-error.js";

/** `LISTEN_FAILED` for a failed `listen`, saying what to change for the usual causes. */
export function listenFailure(error: unknown, host: string, port: number): AgentServerError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === "EADDRINUSE"
      ? "the port is already in use; choose another port (0 picks a free one)"
      : code === "EACCES"
        ? "no permission to use this port; choose one above 1023"
        : code === "EADDRNOTAVAIL" || code === "ENOTFOUND"
          ? "this machine has no such address; use 127.0.0.1, 0.0.0.0 or one of its own addresses"
          : (error as Error).message;
  return new AgentServerError({
    code: "LISTEN_FAILED",
    message: `cannot listen on ${host}:${port}: ${why}`,
    cause: error,
  });
}
