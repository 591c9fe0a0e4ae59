import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { StdioServerConfig } from "../config-schema.js";
import { STDERR_TAIL_LINES } from "../defaults.js";
import { McpTransportError, withStderrTail } from "../errors.js";
import type { FailurePhase, TransportFactory, TransportHandle } from "../transport-handle.js";
import { LineTail } from "./line-tail.js";
import { takePrestartedServer } from "./prestart.js";
import { spawnSpecFor } from "./server-process.js";
import { StdioProcessTransport } from "./stdio-process-transport.js";

/** Settings the stdio factory needs beyond the config. */
export interface StdioFactorySettings {
  connectMs: number;
  killAfterMs: number;
  closeGraceMs: number;
  /** Largest stdout line accepted. Default 128 MiB. */
  maxMessageBytes?: number;
  onLog?: (line: string) => void;
}

/** A factory that starts a fresh server process per connect attempt, sharing one stderr tail. */
export function createStdioFactory(
  server: string,
  config: StdioServerConfig,
  settings: StdioFactorySettings,
): TransportFactory {
  const spec = spawnSpecFor(server, config);
  let tail = new LineTail(STDERR_TAIL_LINES);
  let firstAttempt = true;
  const create = (): TransportHandle => {
    // A process pre-started for exactly this spawn is adopted by the first attempt (its
    // stderr tail is shared from then on); retries and reconnects spawn anew.
    const prestarted = firstAttempt ? takePrestartedServer(spec) : undefined;
    firstAttempt = false;
    if (prestarted) tail = prestarted.tail;
    const adopt = prestarted?.process;
    const transport = new StdioProcessTransport({
      ...spec,
      ...(adopt ? { adopt } : {}),
      stderrTail: tail,
      ...(settings.onLog ? { onLog: settings.onLog } : {}),
      closeGraceMs: settings.closeGraceMs,
      killAfterMs: settings.killAfterMs,
      ...(settings.maxMessageBytes ? { maxMessageBytes: settings.maxMessageBytes } : {}),
    });
    return {
      transport,
      shutdown: () => transport.close(),
      describeFailure: (error, phase) =>
        describeStdioFailure(server, transport, settings, error, phase),
    };
  };
  return { create, stderrTail: () => tail.snapshot() };
}

function describeStdioFailure(
  server: string,
  transport: StdioProcessTransport,
  settings: StdioFactorySettings,
  error: unknown,
  phase: FailurePhase,
): McpTransportError {
  if (McpTransportError.isInstance(error) && error.code !== "NOT_CONNECTED") return error;
  const tail = transport.stderrTail();
  const exit = transport.processExit;
  if (exit) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.exitCode}`;
    return new McpTransportError({
      code: "SERVER_EXITED",
      server,
      cause: error,
      stderrTail: tail,
      exitCode: exit.exitCode,
      signal: exit.signal,
      message: withStderrTail(
        `Server "${server}" ${how}${phase === "connect" ? " during start" : ""}.`,
        tail,
      ),
    });
  }
  if (transport.stdoutClosedWhileRunning) {
    return new McpTransportError({
      code: "NOT_CONNECTED",
      server,
      cause: error,
      stderrTail: tail,
      message: withStderrTail(
        `Server "${server}" closed its stdout while still running, so it can no longer answer; the connection is lost.`,
        tail,
      ),
    });
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new McpTransportError({
      code: "CONNECT_TIMEOUT",
      server,
      cause: error,
      stderrTail: tail,
      message: withStderrTail(
        `Server "${server}" did not answer initialize within ${settings.connectMs} ms (timeouts.connectMs).`,
        tail,
      ),
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new McpTransportError({
    code: "PROTOCOL",
    server,
    cause: error,
    stderrTail: tail,
    message: withStderrTail(`Server "${server}" failed: ${reason}`, tail),
  });
}
