import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { readBoundedFile } from "@tinyloop/errors/files";
import {
  conversationText,
  conversationUnreadable,
  parseConversation,
  type SavedConversation,
  SET_ASIDE,
} from "./conversation-file.js";

/** A saved conversation's file, before it is read: its id and when it was last written. */
export interface ConversationEntry {
  id: string;
  file: string;
  modified: Date;
}

/** The saved conversations of one agent: one JSON file each, in one folder. */
export interface ConversationStore {
  /** The agent's folder (`…/tinyloop/conversations/<agent>-<hash>`). */
  readonly dir: string;
  /** Every saved conversation, newest first; reads no file. */
  list(): Promise<ConversationEntry[]>;
  /**
   * Reads one (throws an `AgentSessionError` `CONVERSATION_UNREADABLE` for a corrupt or
   * foreign file, or one over the 10 MB every file read whole is held to: `MAX_FILE_BYTES`).
   */
  read(entry: ConversationEntry): Promise<SavedConversation>;
  /**
   * Writes `conversation` whole to a temporary file, flushes it and renames it over its
   * file, so a crash leaves the old file or the new one, never half of one. A file already
   * there that is not a conversation of tinyloop is not replaced: that throws.
   */
  save(conversation: SavedConversation): Promise<void>;
}

/** Options of {@link conversationStore}. */
export interface ConversationStoreOptions {
  /**
   * The folder that holds every agent's conversations, one folder per agent inside it (the
   * program chooses it: `tinyloop` uses `conversations` in its state directory).
   */
  folder: string;
  /** The agent: its name, and the file it was read from (absent for a built-in agent). */
  agent: { name: string; file?: string };
}

/**
 * The saved conversations of the agent read from `agent.file` (else, for an agent without a
 * file, of its name), in a folder of their own inside `folder`. Any program running an
 * agent (a REPL, a server, a worker) can keep and resume its conversations with it.
 *
 * @example
 * const store = conversationStore({ folder: "/var/lib/my-app/conversations", agent });
 * const [newest] = await store.list();
 * if (newest) session.agent.restore((await store.read(newest)).messages);
 */
export function conversationStore({ folder, agent }: ConversationStoreOptions): ConversationStore {
  const dir = join(folder, agentFolderName(agent));
  const fileOf = (id: string) => join(dir, `${id}.json`);
  return {
    dir,
    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const entries = await Promise.all(
        names
          .filter((name) => name.endsWith(".json") && !name.startsWith("."))
          .map(async (name) => {
            const file = join(dir, name);
            return { id: name.slice(0, -".json".length), file, modified: (await stat(file)).mtime };
          }),
      );
      return entries.sort(
        (a, b) => b.modified.getTime() - a.modified.getTime() || b.id.localeCompare(a.id),
      );
    },
    async read(entry) {
      // Read as every file tinyloop reads whole: a regular file of at most 10 MB, in UTF-8.
      const read = readBoundedFile(entry.file, { what: "conversation files" });
      if ("failure" in read) {
        const { code, problem, cause } = read.failure;
        const fix = code === "NOT_FOUND" ? "list the conversations again" : SET_ASIDE;
        throw conversationUnreadable(entry.file, problem, fix, cause);
      }
      return parseConversation(read.text, entry.file);
    },
    async save(conversation) {
      const file = fileOf(conversation.id);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Never silently replace what is not ours (a foreign or damaged file of that name).
      const existing = await readFile(file, "utf8").catch(() => undefined);
      if (existing !== undefined) parseConversation(existing, file);
      const temporary = join(
        dir,
        `.${conversation.id}.${process.pid}.${randomBytes(3).toString("hex")}.tmp`,
      );
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(conversationText(conversation));
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/** `my-agent-1a2b3c4d`: the agent's name made safe for a folder, and a hash of where it was read from. */
export function agentFolderName(agent: { name: string; file?: string }): string {
  const slug =
    agent.name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[-.]+|-+$/g, "")
      .slice(0, 40) || "agent";
  const hash = createHash("sha256")
    .update(agent.file ?? `name:${agent.name}`)
    .digest("hex")
    .slice(0, 8);
  return `${slug}-${hash}`;
}

/** A new conversation's id: when it started (UTC, sortable) and 4 random hex digits, `20261205-001122-ab12`. */
export function newConversationId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomBytes(2).toString("hex")}`;
}
