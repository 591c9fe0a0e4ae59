import { processesWithMarker } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { TRANSPORT_PROCESS_WAITS } from "../__fixtures__/process-waits.js";
import { LineTail } from "./line-tail.js";
import { spawnServerProcess } from "./server-process.js";
import { StdioProcessTransport } from "./stdio-process-transport.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

describe("StdioProcessTransport", () => {
  it("close() called while the process is being spawned stops it once it runs", async () => {
    const { command, args } = fixtureServer({ linger: true });
    const transport = new StdioProcessTransport({ server: "fx", command, args, env: guard.env() });
    const started = transport.start();
    const closed = transport.close();
    await started;
    await closed;
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("close() before start() stops the process it was given to adopt", async () => {
    const { command, args } = fixtureServer({ linger: true });
    const tail = new LineTail(50);
    const adopt = spawnServerProcess({ server: "fx", command, args, env: guard.env() }, tail);
    const transport = new StdioProcessTransport({ server: "fx", command, args, adopt });
    await adopt;
    expect(processesWithMarker(guard.marker())).toHaveLength(1);
    await transport.close();
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });
});
