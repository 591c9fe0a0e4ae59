import { mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectEvents } from "../__fixtures__/collect-events.js";
import type { ChatRequest } from "../types.js";
import { createReplayModel } from "./create-replay-model.js";

const tools = [{ name: "read_file", description: "read", inputSchema: { type: "object" } }];
const turn1: ChatRequest = { messages: [{ role: "user", content: "read a.txt" }], tools };

describe("createReplayModel", () => {
  const entries = [
    {
      request: {
        messages: 1,
        lastRole: "user" as const,
        lastText: "read a.txt",
        tools: ["read_file"],
      },
      events: [
        { type: "text-delta" as const, text: "ok" },
        { type: "finish" as const, reason: "stop" as const },
      ],
    },
  ];

  it("strict mode names the call and what differs", async () => {
    const replay = createReplayModel({ cassette: entries, strict: true });
    const { error } = await collectEvents(
      replay.stream({ messages: [{ role: "user", content: "read b.txt" }], tools }),
    );
    expect(error?.code).toBe("REPLAY_MISMATCH");
    expect(error?.message).toContain("Replay call #1 (strict)");
    expect(error?.message).toContain('last message text: recorded "read a.txt", got "read b.txt"');
  });

  it("without strict, a different request still plays the next entry", async () => {
    const replay = createReplayModel({ cassette: entries });
    const { events } = await collectEvents(
      replay.stream({ messages: [{ role: "user", content: "other" }] }),
    );
    expect(events).toEqual(entries[0]!.events);
  });

  it("stops with ABORTED when the signal aborts", async () => {
    const replay = createReplayModel({ cassette: entries });
    const { error } = await collectEvents(replay.stream({ ...turn1, signal: AbortSignal.abort() }));
    expect(error?.code).toBe("ABORTED");
  });

  it("rejects a malformed cassette naming the file, line and field", () => {
    const path = join(mkdtempSync(join(tmpdir(), "cassette-")), "bad.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify(entries[0])}\n\n{"events":[{"type":"text-delta","txt":"x"}]}\n`,
    );
    expect(() => createReplayModel({ cassette: path })).toThrow(
      `${path} line 3.events[0].text: expected a string, got nothing`,
    );
    writeFileSync(path, "not json\n");
    expect(() => createReplayModel({ cassette: path })).toThrow(`${path} line 1: not JSON`);
    expect(() => createReplayModel({ cassette: join(path, "missing.jsonl") })).toThrow(
      `Cannot read cassette ${join(path, "missing.jsonl")}: no such file. Record one with recordModel(model, { path }) or check the path.`,
    );
    expect(() =>
      createReplayModel({ cassette: [{ events: [{ type: "finish", reason: "done" }] }] as never }),
    ).toThrow(
      'cassette[0].events[0].reason: expected "stop", "tool-calls", "length" or "content-filter", got a string ("done")',
    );
  });

  it("refuses a cassette over the 10 MB limit of every file a person names, unread, naming the file, its size and the limit", () => {
    const path = join(mkdtempSync(join(tmpdir(), "cassette-")), "huge.jsonl");
    writeFileSync(path, `${JSON.stringify(entries[0])}\n`);
    truncateSync(path, 12 * 1024 * 1024); // sparse: its size, without writing 12 MB
    expect(() => createReplayModel({ cassette: path })).toThrow(
      `Cannot read cassette ${path}: is 12 MB, over the 10 MB limit for cassettes; is this the right file? Record one with recordModel(model, { path }) or check the path.`,
    );
  });

  it("refuses a folder as a cassette, saying what it is", () => {
    const folder = mkdtempSync(join(tmpdir(), "cassette-"));
    expect(() => createReplayModel({ cassette: folder })).toThrow(
      `Cannot read cassette ${folder}: is a folder, not a regular file; only regular files are read as cassettes.`,
    );
  });
});
