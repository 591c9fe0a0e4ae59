import type { Command } from "commander";
import { collect, wholeNumber } from "./option-values.js";

/**
 * `--server` and `--url` (both repeatable): servers added to the agent's own; `--sandbox` /
 * `--no-sandbox`: whether its stdio servers run confined (agent-files' `withSandboxChoice`).
 */
export function addServerListOptions(command: Command): Command {
  return command
    .option(
      "--server <command>",
      'add a stdio server, e.g. --server "node server.js" (repeatable)',
      collect,
      [],
    )
    .option("--url <url>", "add an HTTP/SSE server (repeatable)", collect, [])
    .option(
      "--sandbox",
      "run every stdio server confined: no secrets read, writes only to its folder, no network (npx/uvx: their registry); fails if it cannot be confined",
    )
    .option(
      "--no-sandbox",
      "run every stdio server unconfined, even one whose entry asks for a sandbox (Hub agents are sandboxed by default)",
    );
}

/** The value of `--sandbox` / `--no-sandbox`: undefined when neither was given. */
export interface SandboxFlag {
  sandbox?: boolean | undefined;
}

/**
 * The flags of every command that starts an agent's servers: the servers added, how they
 * start (`--lazy`, `--max-concurrent-starts`), `--verbose`, `--no-color` and tracing (`--otlp`).
 */
export function addServerOptions(command: Command): Command {
  return addServerListOptions(command)
    .option("--lazy", "start each server on first use; its tools come from the manifest cache")
    .option(
      "--max-concurrent-starts <n>",
      "start at most N servers at once; the rest wait their turn (default 32, or 2 × CPU cores where more)",
      wholeNumber(1),
    )
    .option("--verbose", "show server logs and timings")
    .option("--no-color", "no colours (also NO_COLOR=1)")
    .option(
      "--otlp [url]",
      "export OpenTelemetry traces over OTLP/HTTP (default: the OTEL_EXPORTER_OTLP_* variables, else http://localhost:4318)",
    )
    .option(
      "--otlp-content",
      "traces also hold tool arguments, results and messages, secrets masked (also OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)",
    );
}
