import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { afterEach, describe, expect, it } from "vitest";
import { startHealthPings } from "./health-pings.js";

const open: { client: Client; transport: StdioClientTransport }[] = [];
afterEach(async () => {
  for (const { client, transport } of open.splice(0)) {
    const pid = transport.pid;
    if (pid) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // already gone
      }
    }
    await client.close();
  }
});

/** A raw SDK client of the fixture server (the pings take a Client). */
async function fixtureClient() {
  const { command, args } = fixtureServer();
  const transport = new StdioClientTransport({ command, args, stderr: "ignore" });
  const client = new Client({ name: "test", version: "0" });
  await client.connect(transport);
  open.push({ client, transport });
  return { client, pid: transport.pid as number };
}

describe("startHealthPings", () => {
  it("reports a server that stopped answering", async () => {
    const { client, pid } = await fixtureClient();
    const unanswered: unknown[] = [];
    const stop = startHealthPings({
      everyMs: 100,
      currentClient: () => client,
      onUnanswered: (pinged, error) => {
        expect(pinged).toBe(client);
        unanswered.push(error);
      },
    });
    try {
      process.kill(pid, "SIGSTOP"); // alive but silent
      await expect.poll(() => unanswered.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(String(unanswered[0])).toMatch(/timed out/i);
    } finally {
      stop();
      process.kill(pid, "SIGCONT");
    }
  });

  it("stays quiet for a server that answers, and stops pinging when stopped", async () => {
    const { client } = await fixtureClient();
    const unanswered: unknown[] = [];
    let asked = 0;
    const stopAnswered = startHealthPings({
      everyMs: 50,
      currentClient: () => {
        asked++;
        return client;
      },
      onUnanswered: (_client, error) => unanswered.push(error),
    });
    await expect.poll(() => asked, { timeout: 10_000 }).toBeGreaterThan(3);
    stopAnswered();
    const askedWhenStopped = asked;
    // A second pinger on the same period, started after the stop: once it has asked four
    // times, the stopped one would have asked too, however slow the machine is.
    let control = 0;
    const stopControl = startHealthPings({
      everyMs: 50,
      currentClient: () => {
        control++;
        return client;
      },
      onUnanswered: () => {},
    });
    await expect.poll(() => control, { timeout: 10_000 }).toBeGreaterThan(3);
    stopControl();
    expect(asked).toBe(askedWhenStopped);
    expect(unanswered).toEqual([]);
  });

  it("is off for a period of 0", () => {
    let asked = 0;
    const stop = startHealthPings({
      everyMs: 0,
      currentClient: () => {
        asked++;
        return undefined;
      },
      onUnanswered: () => {},
    });
    stop();
    expect(asked).toBe(0);
  });
});
