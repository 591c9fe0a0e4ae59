import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Io } from "../io.js";
import { createStyle } from "../terminal/style.js";
import { type ConversationFlags, chooseConversation } from "./choose-conversation.js";
import { conversationRecorder } from "./conversation-recorder.js";
import { type ConversationStore, conversationStore } from "./conversation-store.js";

let home: string;
let store: ConversationStore;
const agent = { name: "notes", file: "/p/notes/agent.json" };
const style = createStyle({ isTTY: false, noColor: true, env: {} });
const io = { stdin: new PassThrough(), env: {} } as unknown as Io;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "tinyloop-choose-"));
  store = conversationStore(agent, { XDG_STATE_HOME: home });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** Saves conversations with these ids, the last one newest, and returns them. */
async function saved(...ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await store.save({
      id,
      agent,
      created: "2026-12-05T00:00:00.000Z",
      updated: "2026-12-05T00:00:00.000Z",
      messages: [{ role: "user", content: `question ${id}` }],
    });
    const time = new Date(Date.UTC(2026, 11, 5, 0, index));
    utimesSync(join(store.dir, `${id}.json`), time, time);
  }
}

const choose = (flags: ConversationFlags) => chooseConversation(flags, store, io, style);
const refusal = (flags: ConversationFlags) =>
  choose(flags).then(
    () => "resolved",
    (error: Error) => error.message,
  );

describe("chooseConversation", () => {
  it("is nothing without --continue or --resume", async () => {
    expect(await choose({})).toBeUndefined();
    expect(await choose({ resume: false })).toBeUndefined();
  });

  it("--continue takes the newest; --resume ID that one, or the one id that starts so", async () => {
    await saved("20261205-000000-aaaa", "20261205-000100-bbbb", "20261204-235900-cccc");
    expect(await choose({ continue: true })).toMatchObject({ id: "20261204-235900-cccc" });
    expect(await choose({ resume: "20261205-000000-aaaa" })).toMatchObject({
      messages: [{ role: "user", content: "question 20261205-000000-aaaa" }],
    });
    expect(await choose({ resume: "20261205-0001" })).toMatchObject({ id: "20261205-000100-bbbb" });
    expect(await refusal({ resume: "20261205" })).toBe(
      "--resume 20261205: 2 conversations start with that (20261205-000100-bbbb, 20261205-000000-aaaa); give more of the id",
    );
    expect(await refusal({ resume: "nope" })).toBe(
      "--resume nope: this agent has no conversation with that id; saved ones, newest first: 20261204-235900-cccc, 20261205-000100-bbbb, 20261205-000000-aaaa (--resume without an id lists them)",
    );
  });

  it("refuses both flags, no saved conversation, and --resume without an id off a terminal", async () => {
    expect(await refusal({ continue: true })).toBe(
      `--continue: this agent has no saved conversation yet (looked in ${store.dir}); run it without the flag to start one`,
    );
    await saved("20261205-000000-aaaa");
    expect(await refusal({ continue: true, resume: "x" })).toBe(
      "--continue and --resume: give one of them (--continue takes the newest conversation)",
    );
    expect(await refusal({ resume: true })).toBe(
      "--resume: without an id it asks which conversation on a terminal, and there is none here; give the id (20261205-000000-aaaa) or use --continue for the newest",
    );
  });
});

describe("conversationRecorder", () => {
  it("saves under one id from the first message, a new id after /clear, and warns once when it cannot", async () => {
    const warnings: string[] = [];
    const recorder = conversationRecorder({ store, agent, warn: (m) => warnings.push(m) });
    await recorder.save([{ role: "system", content: "prompt" }]);
    expect(recorder.id).toBeUndefined();
    await recorder.save([
      { role: "system", content: "prompt" },
      { role: "user", content: "a" },
    ]);
    const first = recorder.id;
    await recorder.save([
      { role: "user", content: "a" },
      { role: "assistant", content: "b" },
    ]);
    expect(recorder.id).toBe(first);
    expect((await store.list()).map((entry) => entry.id)).toEqual([first]);
    recorder.startOver();
    await recorder.save([{ role: "user", content: "c" }]);
    expect(recorder.id).not.toBe(first);
    expect(await store.list()).toHaveLength(2);
    const [newest] = await store.list();
    expect((await store.read(newest!)).messages).toEqual([{ role: "user", content: "c" }]);

    // The state folder cannot be made (a file is in the way): one warning, the conversation goes on.
    const inTheWay = join(home, "a-file");
    writeFileSync(inTheWay, "");
    const blocked = conversationRecorder({
      store: conversationStore(agent, { XDG_STATE_HOME: inTheWay }),
      agent,
      warn: (m) => warnings.push(m),
    });
    await blocked.save([{ role: "user", content: "x" }]);
    await blocked.save([{ role: "user", content: "y" }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^the conversation is not saved: ENOTDIR/);
  });
});
