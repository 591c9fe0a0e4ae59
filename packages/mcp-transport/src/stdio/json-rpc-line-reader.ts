import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Default upper bound for one stdout line (one JSON-RPC message). */
export const DEFAULT_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

/** What the reader reports. */
export interface LineReaderEvents {
  message(message: JSONRPCMessage): void;
  /** A line that is not a JSON-RPC message (a server printing logs on stdout). */
  garbage(line: string): void;
  /** A line grew beyond the size limit; the reader dropped it. */
  overflow(bytes: number): void;
}

/**
 * Splits stdout into newline-delimited JSON-RPC messages. Unlike the SDK's ReadBuffer
 * it keeps chunks in a list (no re-concatenation per chunk, so a 64 MiB line costs one
 * copy), and reports non-JSON lines instead of failing.
 */
export class JsonRpcLineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private overflowing = false;

  constructor(
    private readonly events: LineReaderEvents,
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {}

  /** Feeds a chunk from stdout. */
  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) {
        if (start < chunk.length) this.keep(chunk.subarray(start));
        return;
      }
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.overflowing) {
        this.overflowing = false;
        this.reset();
        continue;
      }
      const line = this.chunks.length === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.reset();
      this.handle(line.toString("utf8"));
    }
  }

  private keep(piece: Buffer): void {
    if (this.overflowing) return;
    this.size += piece.length;
    if (this.size > this.maxBytes) {
      this.events.overflow(this.size);
      this.overflowing = true;
      this.reset();
      return;
    }
    this.chunks.push(piece);
  }

  private reset(): void {
    this.chunks = [];
    this.size = 0;
  }

  private handle(raw: string): void {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.events.garbage(line);
      return;
    }
    // A cheap shape check; the SDK's Protocol validates each message it dispatches.
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      (parsed as { jsonrpc?: unknown }).jsonrpc === "2.0"
    ) {
      this.events.message(parsed as JSONRPCMessage);
    } else {
      this.events.garbage(line);
    }
  }
}
