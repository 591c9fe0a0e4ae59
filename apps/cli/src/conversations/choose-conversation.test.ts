import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { type ConversationStore, conversationStore } from "@tinyloop/agent-session/conversations";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Io } from "../io.js";
import { createStyle } from "../terminal/style.js";
import { type ConversationFlags, chooseConversation, pickListLine } from "./choose-conversation.js";

let home: string;
let store: ConversationStore;
const agent = { name: "notes", file: "/p/notes/agent.json" };
const style = createStyle({ isTTY: false, noColor: true, env: {} });
const io = { stdin: new PassThrough(), env: {} } as unknown as Io;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "tinyloop-choose-"));
  store = conversationStore({ folder: home, agent });
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

describe("the --resume list's line", () => {
  it("shows a saved text's escape and bidi override as text, never raw (the resumed line too)", () => {
    const modified = new Date(Date.UTC(2026, 11, 5));
    const conversation = {
      id: "20261205-000000-esc0",
      agent,
      created: "2026-12-05T00:00:00.000Z",
      updated: "2026-12-05T00:00:00.000Z",
      messages: [{ role: "user" as const, content: "look \u001b]0;pwned\u0007 at \u202efdp.exe" }],
    };
    const line = pickListLine(
      0,
      { entry: { id: conversation.id, file: "x", modified }, conversation },
      style,
    );
    expect(line).toBe(
      `  1  20261205-000000-esc0  ${modified.toLocaleString()} · 1 messages  look \\x1b]0;pwned\\x07 at \\u202efdp.exe`,
    );
    expect(line).not.toMatch(/[\u001b\u0007\u202e]/);
  });
});
