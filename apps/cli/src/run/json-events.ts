import type { AgentEvent } from "@tinyloop/agent-loop";

/** One event of `--json` output: the agent's events plus the CLI's own session events. */
export type JsonEvent =
  | AgentEvent
  | { type: "session"; agent: string; provider: string; model: string | undefined; replay: boolean }
  | {
      type: "server";
      server: string;
      /** `idle`: a lazy server registered from the manifest cache, started on first use. */
      state: "ready" | "idle" | "failed";
      tools?: number;
      reason?: string;
    }
  /** A server's `notifications/message`. */
  | { type: "server-log"; server: string; level: string; logger?: string; data: unknown };

/** One NDJSON line; errors become `{ name, code, message }` since `Error` has no JSON form. */
export function toJsonLine(event: JsonEvent): string {
  return `${JSON.stringify(event, (_key, value: unknown) => {
    if (value instanceof Error) {
      const code = (value as { code?: unknown }).code;
      return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
    }
    return value;
  })}\n`;
}
