import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conversationRecorder } from "./conversation-recorder.js";
import { type ConversationStore, conversationStore } from "./conversation-store.js";

let home: string;
let store: ConversationStore;
const agent = { name: "notes", file: "/p/notes/agent.json" };

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "tinyloop-recorder-"));
  store = conversationStore({ folder: home, agent });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

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

    // The folder cannot be made (a file is in the way): one warning, the conversation goes on.
    const inTheWay = join(home, "a-file");
    writeFileSync(inTheWay, "");
    const blocked = conversationRecorder({
      store: conversationStore({ folder: join(inTheWay, "conversations"), agent }),
      agent,
      warn: (m) => warnings.push(m),
    });
    await blocked.save([{ role: "user", content: "x" }]);
    await blocked.save([{ role: "user", content: "y" }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^the conversation is not saved: ENOTDIR/);
  });
});
