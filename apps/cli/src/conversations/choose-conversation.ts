import { createInterface } from "node:readline";
import {
  type ConversationEntry,
  type ConversationStore,
  type SavedConversation,
  visibleControls,
} from "@tinyloop/agent-session/conversations";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import type { Style } from "../terminal/style.js";

/** `--continue` and `--resume [ID]` as commander gives them (`resume: true` without an id). */
export interface ConversationFlags {
  continue?: boolean;
  resume?: string | boolean;
}

/** How many saved conversations the `--resume` list shows and error texts name. */
const LISTED = 20;

/**
 * The saved conversation the flags ask for: `--continue` the newest, `--resume ID` that one (a
 * unique start of the id is enough), `--resume` alone one picked from a list on a terminal.
 * Undefined without either flag, or when the person leaves the list (Ctrl+C, Ctrl+D).
 * Throws a `CliError` (nothing started) for no such conversation, both flags or `--resume`
 * without an id off a terminal; the store's `AgentSessionError` for a corrupt or foreign
 * file (both exit 2).
 */
export async function chooseConversation(
  flags: ConversationFlags,
  store: ConversationStore,
  io: Io,
  style: Style,
): Promise<SavedConversation | "left" | undefined> {
  const resume = flags.resume;
  if (!flags.continue && (resume === undefined || resume === false)) return undefined;
  if (flags.continue && resume !== undefined && resume !== false) {
    throw usage(
      "--continue and --resume: give one of them (--continue takes the newest conversation)",
    );
  }
  const entries = await store.list();
  if (entries.length === 0) {
    throw usage(
      `${flags.continue ? "--continue" : "--resume"}: this agent has no saved conversation yet (looked in ${store.dir}); run it without the flag to start one`,
    );
  }
  if (flags.continue) return store.read(entries[0] as ConversationEntry);
  if (typeof resume === "string") return store.read(entryById(resume, entries));
  if (io.stdin.isTTY !== true) {
    throw usage(
      `--resume: without an id it asks which conversation on a terminal, and there is none here; give the id (${recentIds(entries)}) or use --continue for the newest`,
    );
  }
  return pickConversation(entries.slice(0, LISTED), store, io, style);
}

/** The entry whose id is `id`, else the one id that starts with it. */
function entryById(id: string, entries: ConversationEntry[]): ConversationEntry {
  const exact = entries.find((entry) => entry.id === id);
  if (exact) return exact;
  const starting = entries.filter((entry) => entry.id.startsWith(id));
  if (starting.length === 1) return starting[0] as ConversationEntry;
  if (starting.length > 1) {
    throw usage(
      `--resume ${id}: ${starting.length} conversations start with that (${recentIds(starting)}); give more of the id`,
    );
  }
  throw usage(
    `--resume ${id}: this agent has no conversation with that id; saved ones, newest first: ${recentIds(entries)} (--resume without an id lists them)`,
  );
}

const recentIds = (entries: ConversationEntry[]) => {
  const shown = entries.slice(0, 5).map((entry) => entry.id);
  return entries.length > shown.length ? `${shown.join(", ")}, …` : shown.join(", ");
};

const usage = (message: string) => new CliError({ code: "USAGE", message });

/** Lists the conversations on stderr and reads a number from the terminal. */
async function pickConversation(
  entries: ConversationEntry[],
  store: ConversationStore,
  io: Io,
  style: Style,
): Promise<SavedConversation | "left"> {
  const read = await Promise.all(
    entries.map((entry) =>
      store.read(entry).then(
        (conversation) => ({ entry, conversation }),
        (error: Error) => ({ entry, problem: error.message }),
      ),
    ),
  );
  const lines = read.map((item, index) => pickListLine(index, item, style));
  io.stderr.write(`${style.bold("saved conversations, newest first:")}\n${lines.join("\n")}\n`);
  const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
  try {
    for (;;) {
      const answer = await new Promise<string | undefined>((resolve) => {
        rl.once("SIGINT", () => resolve(undefined));
        rl.once("close", () => resolve(undefined));
        rl.question(`pick one (1-${read.length}, Enter for 1): `, resolve);
      });
      if (answer === undefined) {
        io.stderr.write("\n");
        return "left";
      }
      const text = answer.trim();
      const number = text === "" ? 1 : Number(text);
      const item = Number.isInteger(number) ? read[number - 1] : undefined;
      if (!item) {
        io.stderr.write(
          `expected a number from 1 to ${read.length}, got ${JSON.stringify(text)}\n`,
        );
        continue;
      }
      if ("problem" in item) {
        io.stderr.write(`${item.problem}\n`);
        continue;
      }
      return item.conversation;
    }
  } finally {
    rl.removeAllListeners("SIGINT");
    rl.close();
  }
}

/** A saved conversation as the `--resume` list has it: read, or what is wrong with its file. */
export type PickListItem = { entry: ConversationEntry } & (
  | { conversation: SavedConversation }
  | { problem: string }
);

/** The `--resume` list's line for the conversation at `index`: number, id, when, messages, first question. */
export function pickListLine(index: number, item: PickListItem, style: Style): string {
  const number = String(index + 1).padStart(3);
  const when = item.entry.modified.toLocaleString();
  if ("problem" in item) return `${number}  ${item.entry.id}  ${style.red(item.problem)}`;
  const count = item.conversation.messages.length;
  return `${number}  ${item.entry.id}  ${style.dim(`${when} · ${count} messages`)}  ${firstQuestion(item.conversation)}`;
}

/**
 * The conversation's first user text on one line, cut to 60 characters, its control and
 * bidirectional characters made visible (agent-session's `visibleControls`): a saved text
 * (pasted, or a model's or server's words) reaches the terminal as text, never as an escape.
 */
export function firstQuestion(conversation: SavedConversation): string {
  const first = conversation.messages.find((message) => message.role === "user");
  const content = first?.content;
  const text =
    typeof content === "string"
      ? content
      : (content?.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join(" ") ??
        "");
  const line = visibleControls(text.replace(/\s+/g, " ").trim());
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
