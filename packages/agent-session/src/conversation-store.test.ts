import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentSessionError } from "./agent-session-error.js";
import type { SavedConversation } from "./conversation-file.js";
import { agentFolderName, conversationStore, newConversationId } from "./conversation-store.js";

let home: string;
const folder = () => join(home, "tinyloop", "conversations");
const agent = { name: "My Agent", file: "/projects/a/agent.json" };

const conversation = (id: string, text = "hello"): SavedConversation => ({
  id,
  agent,
  created: "2026-12-05T00:00:00.000Z",
  updated: "2026-12-05T00:01:00.000Z",
  messages: [
    { role: "user", content: text },
    { role: "assistant", content: `you said ${text}` },
  ],
});

/** The error `promise` rejects with, as text (fails when it resolves). */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(AgentSessionError.isInstance(error)).toBe(true);
  return (error as Error).message;
}

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "tinyloop-conversations-"));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe("conversationStore", () => {
  it("keeps each agent's conversations in its own folder inside the folder given", () => {
    const store = conversationStore({ folder: folder(), agent });
    expect(store.dir).toBe(join(home, "tinyloop", "conversations", agentFolderName(agent)));
    expect(agentFolderName(agent)).toMatch(/^my-agent-[0-9a-f]{8}$/);
    // Two agents of one name in different files are two agents.
    expect(agentFolderName({ ...agent, file: "/projects/b/agent.json" })).not.toBe(
      agentFolderName(agent),
    );
    expect(agentFolderName({ name: "../../etc" })).toMatch(/^etc-[0-9a-f]{8}$/);
    expect(newConversationId(new Date("2026-12-05T00:11:22.333Z"))).toMatch(
      /^20261205-001122-[0-9a-f]{4}$/,
    );
  });

  it("saves, lists newest first and reads back; files only the user can read, no temporary left", async () => {
    const store = conversationStore({ folder: folder(), agent });
    expect(await store.list()).toEqual([]);
    await store.save(conversation("20261205-000000-aaaa", "first"));
    await store.save(conversation("20261205-000100-bbbb", "second"));
    // The first one written again later is the newest.
    utimesSync(
      join(store.dir, "20261205-000000-aaaa.json"),
      new Date(),
      new Date(Date.now() + 5000),
    );
    const entries = await store.list();
    expect(entries.map((entry) => entry.id)).toEqual([
      "20261205-000000-aaaa",
      "20261205-000100-bbbb",
    ]);
    expect(await store.read(entries[1]!)).toEqual(conversation("20261205-000100-bbbb", "second"));
    expect(statSync(entries[0]!.file).mode & 0o777).toBe(0o600);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(store.dir).sort()).toEqual([
      "20261205-000000-aaaa.json",
      "20261205-000100-bbbb.json",
    ]);
  });

  it("replaces a file by renaming a complete new one over it, never by writing into it", async () => {
    const store = conversationStore({ folder: folder(), agent });
    await store.save(conversation("20261205-000000-aaaa", "old"));
    const file = join(store.dir, "20261205-000000-aaaa.json");
    // A second name for the old file's contents: written in place, it would change too.
    const oldLink = join(home, "old-link.json");
    linkSync(file, oldLink);
    // What a crash between writing and renaming leaves: a temporary file, which is ignored.
    writeFileSync(join(store.dir, ".20261205-000000-aaaa.999.abcdef.tmp"), '{"format":"tinyl');
    await store.save(conversation("20261205-000000-aaaa", "new"));
    expect(JSON.parse(readFileSync(oldLink, "utf8")).messages[0].content).toBe("old");
    expect(JSON.parse(readFileSync(file, "utf8")).messages[0].content).toBe("new");
    expect((await store.list()).map((entry) => entry.id)).toEqual(["20261205-000000-aaaa"]);
  });

  it("says what is wrong with a corrupt or foreign file and does not write over it", async () => {
    const store = conversationStore({ folder: folder(), agent });
    mkdirSync(store.dir, { recursive: true });
    const cut = join(store.dir, "20261205-000000-cut0.json");
    writeFileSync(cut, '{"format":"tinyloop-conversation","version":1,"id":"2026');
    const [entry] = await store.list();
    const message = await failure(store.read(entry!));
    expect(message).toContain(`conversation file ${cut}: not valid JSON (`);
    expect(message).toContain("move it out of that folder (or delete it) to go on without it");
    expect(await failure(store.save(conversation("20261205-000000-cut0")))).toBe(message);
    expect(readFileSync(cut, "utf8")).toBe(
      '{"format":"tinyloop-conversation","version":1,"id":"2026',
    );

    const foreign = join(store.dir, "20261205-000000-frgn.json");
    writeFileSync(foreign, '{"mcpServers":{}}');
    expect(await failure(store.read({ id: "x", file: foreign, modified: new Date() }))).toBe(
      `conversation file ${foreign}: not a tinyloop conversation: format: expected "tinyloop-conversation", got nothing; move it out of that folder (or delete it) to go on without it`,
    );
    await failure(store.save(conversation("20261205-000000-frgn")));
    expect(readFileSync(foreign, "utf8")).toBe('{"mcpServers":{}}');
  });

  it("refuses a file over the 10 MB limit unread, naming it, its size and the limit", async () => {
    const store = conversationStore({ folder: folder(), agent });
    mkdirSync(store.dir, { recursive: true });
    const big = join(store.dir, "20261205-000000-big0.json");
    writeFileSync(big, "");
    truncateSync(big, 12 * 1024 * 1024); // sparse: 12 MB of size, no 12 MB written
    const [entry] = await store.list();
    expect(await failure(store.read(entry!))).toBe(
      `conversation file ${big}: is 12 MB, over the 10 MB limit for conversation files; is this the right file? Move it out of that folder (or delete it) to go on without it`,
    );
    // At the limit it is read (and here found not to be JSON: zeros).
    truncateSync(big, 10 * 1024 * 1024);
    expect(await failure(store.read(entry!))).toContain(`conversation file ${big}: not valid JSON`);
    rmSync(big);
    expect(await failure(store.read(entry!))).toBe(
      `conversation file ${big}: no such file; list the conversations again`,
    );
  });

  it("names the field that is wrong, and a newer tinyloop's file as such", async () => {
    const store = conversationStore({ folder: folder(), agent });
    mkdirSync(store.dir, { recursive: true });
    const write = (name: string, value: unknown) => {
      const file = join(store.dir, name);
      writeFileSync(file, JSON.stringify(value));
      return { id: name, file, modified: new Date() };
    };
    const good = { format: "tinyloop-conversation", version: 1, ...conversation("a") };
    expect(await failure(store.read(write("v2.json", { ...good, version: 2 })))).toContain(
      "version: expected 1, got a number (2); a newer tinyloop wrote it: update tinyloop to read it",
    );
    const badRole = { ...good, messages: [{ role: "user", content: "x" }, { role: "robot" }] };
    expect(await failure(store.read(write("role.json", badRole)))).toContain(
      'messages[1].role: expected user, assistant or tool, got a string ("robot")',
    );
    expect(await failure(store.read(write("agent.json", { ...good, agent: 3 })))).toContain(
      "agent: expected an object, got a number (3)",
    );
  });
});
