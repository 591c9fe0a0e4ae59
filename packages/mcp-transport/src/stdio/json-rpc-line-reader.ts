import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Default upper bound for one stdout line (one JSON-RPC message). */
export const DEFAULT_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

/** What the reader reports. */
export interface LineReaderEvents {
  message(message: JSONRPCMessage): void;
  /** A line that is not a JSON-RPC message (a server printing logs on stdout). */
  garbage(line: string): void;
  /**
   * A line grew beyond the size limit; the reader dropped it. Called once the line ends,
   * with its size and — when its start or end shows one — the id of the response it was.
   */
  overflow(bytes: number, id: string | number | undefined): void;
}

const EDGE_BYTES = 256;
const ID_AT_START =
  /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;
const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

/** The id of a dropped response, from its first or last bytes (where JSON-RPC encoders put it). */
function overflowedId(head: Buffer | undefined, tail: Buffer): string | number | undefined {
  // A request from the server carries an id of the server's own numbering: not ours to fail.
  if (/^\s*\{\s*"method"/.test(head?.toString("utf8") ?? "")) return undefined;
  const match =
    ID_AT_START.exec(head?.toString("utf8") ?? "") ?? ID_AT_END.exec(tail.toString("utf8"));
  if (!match?.[1]) return undefined;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return undefined;
  }
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
  /** Of a line being dropped: its first and (rolling) last bytes, where the id sits, and its size. */
  private head: Buffer | undefined;
  private tail: Buffer = Buffer.alloc(0);
  private dropped = 0;

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
      if (!this.overflowing && this.size + piece.length > this.maxBytes) this.startOverflow(piece);
      else if (this.overflowing) this.keepEdges(piece);
      if (this.overflowing) {
        this.overflowing = false;
        this.events.overflow(this.dropped, overflowedId(this.head, this.tail));
        this.head = undefined;
        this.tail = Buffer.alloc(0);
        this.reset();
        continue;
      }
      const line = this.chunks.length === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.reset();
      this.handle(line.toString("utf8"));
    }
  }

  private keep(piece: Buffer): void {
    if (this.overflowing) {
      this.keepEdges(piece);
      return;
    }
    if (this.size + piece.length > this.maxBytes) {
      this.startOverflow(piece);
      return;
    }
    this.size += piece.length;
    this.chunks.push(piece);
  }

  /** The line being read is over the limit: keep only its edges (for the id) from now on. */
  private startOverflow(piece: Buffer): void {
    this.overflowing = true;
    const first = this.chunks[0];
    this.head = Buffer.concat(first ? [first, piece] : [piece]).subarray(0, EDGE_BYTES);
    this.dropped = this.size;
    const last = this.chunks.at(-1);
    this.tail = last ? last.subarray(Math.max(0, last.length - EDGE_BYTES)) : Buffer.alloc(0);
    this.keepEdges(piece);
    this.reset();
  }

  private keepEdges(piece: Buffer): void {
    this.dropped += piece.length;
    const joined = Buffer.concat([this.tail, piece]);
    this.tail = joined.subarray(Math.max(0, joined.length - EDGE_BYTES));
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
