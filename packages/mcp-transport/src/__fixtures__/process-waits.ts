import type { ProcessGuardOptions } from "@tinyloop/test-fixtures/process-guard";

/**
 * How long mcp-transport's tests give processes to end after each test: a server's
 * shutdown ladder (stdin end, then SIGTERM, then SIGKILL to its process group) and a
 * reconnect's retired process may take seconds on a busy machine.
 */
export const TRANSPORT_PROCESS_WAITS: ProcessGuardOptions = {
  markedWaitMs: 15_000,
  childrenWaitMs: 5_000,
};
