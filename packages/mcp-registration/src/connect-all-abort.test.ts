import { ToolRegistry } from "@tinyloop/registry";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { connectAll } from "./connect-all.js";
import type { HubEvent } from "./hub-types.js";

const guard = useProcessGuard();

describe("connectAll with an aborted connection.signal", () => {
  it("starts no server and reports no failure: the server ends closed", async () => {
    const events: HubEvent[] = [];
    const hub = await connectAll(
      { fx: { ...fixtureServer(), env: guard.env() } },
      new ToolRegistry(),
      { onEvent: (event) => events.push(event), connection: { signal: AbortSignal.abort() } },
    );
    guard.track(hub);
    expect(events.map((event) => event.type)).toEqual(["connecting"]);
    expect(hub.servers()).toMatchObject([{ name: "fx", state: "closed", toolCount: 0 }]);
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("still reports a real failure of another server as failed", async () => {
    const events: HubEvent[] = [];
    const hub = await connectAll(
      { broken: { command: "tinyloop-no-such-command", env: guard.env() } },
      new ToolRegistry(),
      {
        onEvent: (event) => events.push(event),
        connection: { signal: new AbortController().signal },
      },
    );
    guard.track(hub);
    expect(events.map((event) => event.type)).toEqual(["connecting", "failed"]);
    expect(hub.servers()).toMatchObject([{ name: "broken", state: "failed" }]);
  });
});
