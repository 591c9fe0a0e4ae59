import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { deferResponses } from "./defer-responses.js";
import { McpTransportError } from "./errors.js";
import type { TransportHandle } from "./transport-handle.js";

/** The client end of an SDK in-memory pair, its deliveries recorded after deferResponses. */
async function pair() {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const delivered: JSONRPCMessage[] = [];
  client.onmessage = (message) => delivered.push(message);
  const handle: TransportHandle = {
    transport: client,
    describeFailure: (error) => new McpTransportError({ code: "PROTOCOL", message: String(error) }),
    shutdown: async () => {},
  };
  deferResponses(handle, "fx");
  await client.start();
  await server.start();
  return { server, delivered };
}

describe("deferResponses", () => {
  it("delivers a response after a notification the server sent right after it", async () => {
    const { server, delivered } = await pair();
    // Both arrive in one tick, as when they come in one chunk from a pipe.
    const sent = Promise.all([
      server.send({ jsonrpc: "2.0", id: 1, result: { content: [] } }),
      server.send({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: 1, progress: 1 },
      }),
    ]);
    await sent;
    await Promise.resolve();
    expect(delivered.map((message) => ("method" in message ? message.method : "response"))).toEqual(
      ["notifications/progress", "response"],
    );
  });

  it("turns a malformed response into an error answer for the same request", async () => {
    const { server, delivered } = await pair();
    await server.send({ jsonrpc: "2.0", id: 7, result: 42 } as unknown as JSONRPCMessage);
    await Promise.resolve();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      id: 7,
      error: { message: expect.stringContaining('Server "fx" sent a malformed response') },
    });
  });
});
