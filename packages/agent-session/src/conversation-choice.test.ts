import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentSessionError } from "./agent-session-error.js";
import {
  conversationEntryById,
  conversationTitle,
  listSavedConversations,
  readConversations,
  recentConversationIds,
} from "./conversation-choice.js";
import { type ConversationStore, conversationStore } from "./conversation-store.js";

let home: string;
let store: ConversationStore;
const agent = { name: "notes", file: "/p/notes/agent.json" };
const hints = { setting: "--resume", listAll: "the list shows them" };

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "conversation-choice-"));
  store = conversationStore({ folder: home, agent });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** Saves conversations with these ids, the last one newest. */
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

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return AgentSessionError.isInstance(error) ? `${error.code}: ${error.message}` : error;
  }
  return undefined;
};

describe("choosing a saved conversation", () => {
  it("lists them newest first, and says where it looked when there is none", async () => {
    await expect(
      listSavedConversations(store, { setting: "--continue", startNew: "start one" }),
    ).rejects.toThrow(
      `--continue: this agent has no saved conversation yet (looked in ${store.dir}); start one`,
    );
    await saved("20261205-000000-aaaa", "20261205-000100-bbbb");
    const entries = await listSavedConversations(store, { setting: "x", startNew: "y" });
    expect(entries.map((entry) => entry.id)).toEqual([
      "20261205-000100-bbbb",
      "20261205-000000-aaaa",
    ]);
  });

  it("finds an id, or the one id that starts so; names the newest ids otherwise", async () => {
    await saved("20261205-000000-aaaa", "20261205-000100-bbbb", "20261204-235900-cccc");
    const entries = await store.list();
    expect(conversationEntryById(entries, "20261205-0001", hints).id).toBe("20261205-000100-bbbb");
    expect(refusal(() => conversationEntryById(entries, "20261205", hints))).toBe(
      "CONVERSATION_NOT_FOUND: --resume 20261205: 2 conversations start with that (20261205-000100-bbbb, 20261205-000000-aaaa); give more of the id",
    );
    expect(refusal(() => conversationEntryById(entries, "nope", hints))).toBe(
      "CONVERSATION_NOT_FOUND: --resume nope: this agent has no conversation with that id; saved ones, newest first: 20261204-235900-cccc, 20261205-000100-bbbb, 20261205-000000-aaaa (the list shows them)",
    );
    const many = Array.from({ length: 7 }, (_, n) => ({
      id: `id${n}`,
      file: "f",
      modified: new Date(),
    }));
    expect(recentConversationIds(many)).toBe("id0, id1, id2, id3, id4, …");
  });

  it("reads each for a pick list, a damaged file keeping its problem", async () => {
    await saved("20261205-000000-aaaa");
    writeFileSync(join(store.dir, "20261205-000100-bbbb.json"), "not json");
    const read = await readConversations(store, await store.list());
    expect(read.map((item) => ("problem" in item ? "problem" : item.conversation.id))).toEqual([
      "problem",
      "20261205-000000-aaaa",
    ]);
  });
});

describe("conversationTitle", () => {
  it("is the first question on one line, cut to 60, an escape and a bidi override shown as text", () => {
    const conversation = {
      id: "x",
      agent,
      created: "",
      updated: "",
      messages: [{ role: "user" as const, content: "look \u001b]0;pwned\u0007 at\n\u202efdp.exe" }],
    };
    expect(conversationTitle(conversation)).toBe("look \\x1b]0;pwned\\x07 at \\u202efdp.exe");
    const long = {
      ...conversation,
      messages: [{ role: "user" as const, content: "a".repeat(80) }],
    };
    expect(conversationTitle(long)).toBe(`${"a".repeat(59)}…`);
  });
});
