import { expect } from "vitest";
import type { ConnectionState, McpCallResult, McpConnection } from "../connection-types.js";
import { McpTransportError } from "../errors.js";

/** Awaits a promise that must reject with an McpTransportError, and returns the error. */
export async function rejection(promise: Promise<unknown>): Promise<McpTransportError> {
  try {
    await promise;
  } catch (error) {
    expect(McpTransportError.isInstance(error), String(error)).toBe(true);
    return error as McpTransportError;
  }
  throw new Error("expected a rejection");
}

/** The text of the first content block. */
export function textOf(result: McpCallResult): string {
  const block = result.content[0];
  return block?.type === "text" ? block.text : "";
}

/** Resolves when the connection reaches `state` (or at once if it is there). */
export function reach(
  connection: McpConnection,
  state: ConnectionState,
  timeoutMs = 15_000,
): Promise<void> {
  if (connection.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`state ${connection.state}, never reached ${state}`)),
      timeoutMs,
    );
    const off = connection.onStateChange((next) => {
      if (next !== state) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/** Records every state change. */
export function recordStates(connection: McpConnection): ConnectionState[] {
  const states: ConnectionState[] = [];
  connection.onStateChange((state) => states.push(state));
  return states;
}

/** The pid the fixture server reports through its `stats` tool. */
export async function serverPid(connection: McpConnection): Promise<number> {
  return (JSON.parse(textOf(await connection.callTool("stats", {}))) as { pid: number }).pid;
}
