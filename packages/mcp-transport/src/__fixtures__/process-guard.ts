import {
  descendantsOf,
  MARKER_VARIABLE,
  newProcessMarker,
  processesWithMarker,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { afterEach, beforeEach, expect } from "vitest";
import type { McpConnection } from "../connection-types.js";

/** Test-wide guard: every spawned server carries a marker; after each test nothing marked survives. */
export interface ProcessGuard {
  /** `{ TINYLOOP_TEST_MARKER: <marker of this test> }`, to put in a config's `env`. */
  env(): Record<string, string>;
  /** Runs `cleanup` after the test, after the connections are closed. */
  defer(cleanup: () => unknown): void;
  /** The marker of the running test. */
  marker(): string;
  /** Closes the connection after the test (even when the test fails). */
  track<T extends McpConnection>(connection: T): T;
}

/** Registers beforeEach/afterEach hooks that check, not assume, that no process is left behind. */
export function useProcessGuard(): ProcessGuard {
  let marker = newProcessMarker();
  let connections: McpConnection[] = [];
  let cleanups: (() => unknown)[] = [];
  beforeEach(() => {
    marker = newProcessMarker();
    connections = [];
    cleanups = [];
  });
  afterEach(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await Promise.all(cleanups.map((cleanup) => cleanup()));
    const marked = await waitForNoProcesses(() => processesWithMarker(marker), 15_000);
    expect(marked.map((p) => p.command)).toEqual([]);
    const children = await waitForNoProcesses(() => descendantsOf(process.pid), 5_000);
    expect(children.map((p) => p.command)).toEqual([]);
  });
  return {
    env: () => ({ [MARKER_VARIABLE]: marker }),
    marker: () => marker,
    defer: (cleanup) => {
      cleanups.push(cleanup);
    },
    track: (connection) => {
      connections.push(connection);
      return connection;
    },
  };
}
