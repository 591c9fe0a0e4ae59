import type { AgentServer } from "@tinyloop/agent-server";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Style } from "../terminal/style.js";

/** Time left to close the MCP servers after the grace (their own shutdown takes up to 10 s). */
const CLOSE_SERVERS_MS = 15_000;

/**
 * How `serve` stops: SIGTERM or a first Ctrl+C let the requests in flight finish for up to
 * `--grace` seconds (saying how many it waits for), a second Ctrl+C stops them at once; then
 * everything closes through `lifecycle`, the MCP servers given time after the grace.
 */
export function serveShutdown(
  lifecycle: Lifecycle,
  {
    io,
    style,
    grace,
    server,
  }: {
    io: Io;
    style: Style;
    /** `--grace`, in seconds. */
    grace: number;
    server: () => AgentServer | undefined;
  },
): void {
  const graceMs = grace * 1000;
  // The lifecycle's first close() sets its bound: make room for the grace.
  const closeWithGrace = () => void lifecycle.close(graceMs + CLOSE_SERVERS_MS);
  process.prependOnceListener("SIGTERM", closeWithGrace);
  let interrupted = false;
  lifecycle.onInterrupt = () => {
    if (interrupted) {
      io.stderr.write(style.yellow("stopping the requests still running\n"));
      void server()?.close({ graceMs: 0 });
      return;
    }
    interrupted = true;
    void server()?.close({
      graceMs,
      onWaiting: (inFlight) =>
        io.stderr.write(
          style.yellow(
            `waiting up to ${grace} s for ${inFlight} request(s) to finish (Ctrl+C again stops them)\n`,
          ),
        ),
    });
    closeWithGrace();
    void lifecycle.exit(EXIT.interrupted);
  };
}
