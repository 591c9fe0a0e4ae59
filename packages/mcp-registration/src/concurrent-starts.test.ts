import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterEach, describe, expect, it } from "vitest";
import { connectAll } from "./connect-all.js";
import type { HubEvent } from "./hub-types.js";

const guard = useProcessGuard();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The most servers that were starting at once, read from the fixtures' own starts log: each
 * appends `start PID` when it boots and `serving PID` when its start delay is over, so the
 * order of the lines (appends are atomic) is the order things happened — no clock involved.
 */
function mostStartingAtOnce(log: string): { most: number; started: number } {
  let starting = 0;
  let most = 0;
  let started = 0;
  for (const line of log.split("\n")) {
    if (line.startsWith("start ")) {
      started++;
      most = Math.max(most, ++starting);
    } else if (line.startsWith("serving ")) starting--;
  }
  return { most, started };
}

describe("maxConcurrentStarts", () => {
  it("12 servers with a bound of 2: never more than 2 starting, the rest wait their turn and all get ready", async () => {
    const dir = mkdtempSync(join(tmpdir(), "concurrent-starts-"));
    dirs.push(dir);
    const log = join(dir, "starts.log");
    const servers: Record<string, unknown> = {};
    for (let i = 1; i <= 12; i++) {
      servers[`s${i}`] = {
        ...fixtureServer({ startDelayMs: 150, startsLog: log }),
        env: guard.env(),
      };
    }
    const events: HubEvent[] = [];
    const hub = guard.track(
      await connectAll(servers, new ToolRegistry(), {
        maxConcurrentStarts: 2,
        onEvent: (event) => events.push(event),
      }),
    );
    expect(hub.servers().map((s) => s.state)).toEqual(Array(12).fill("ready"));
    expect(mostStartingAtOnce(readFileSync(log, "utf8"))).toEqual({ most: 2, started: 12 });
    // Servers 3 … 12 were told to wait, then started in configuration order.
    expect(events.filter((e) => e.type === "waiting").map((e) => e.server)).toEqual(
      Array.from({ length: 10 }, (_, i) => `s${i + 3}`),
    );
    expect(events.filter((e) => e.type === "connecting").map((e) => e.server)).toEqual(
      Array.from({ length: 12 }, (_, i) => `s${i + 1}`),
    );
  });

  it("an invalid bound is OPTIONS_INVALID naming the option, and nothing starts", async () => {
    await expect(
      connectAll({ s: fixtureServer() }, new ToolRegistry(), { maxConcurrentStarts: 0 }),
    ).rejects.toThrow(
      "connectAll: options.maxConcurrentStarts: expected a positive whole number of servers (e.g. 4), got 0",
    );
  });
});
