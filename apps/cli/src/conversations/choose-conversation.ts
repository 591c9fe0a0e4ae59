import { createInterface } from "node:readline";
import {
  type ConversationEntry,
  type ConversationStore,
  conversationEntryById,
  conversationTitle,
  listSavedConversations,
  type ReadConversation,
  readConversations,
  recentConversationIds,
  type SavedConversation,
} from "@tinyloop/agent-session/conversations";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import type { Style } from "../terminal/style.js";

/** `--continue` and `--resume [ID]` as commander gives them (`resume: true` without an id). */
export interface ConversationFlags {
  continue?: boolean;
  resume?: string | boolean;
}

/** How many saved conversations the `--resume` list shows. */
const LISTED = 20;

/**
 * The saved conversation the flags ask for: `--continue` the newest, `--resume ID` that one (a
 * unique start of the id is enough; agent-session's `conversationEntryById`), `--resume` alone
 * one picked from a list on a terminal. Undefined without either flag, or when the person
 * leaves the list (Ctrl+C, Ctrl+D). Throws (nothing started, exit 2) for both flags, no such
 * conversation, `--resume` without an id off a terminal, or a corrupt or foreign file.
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
  const entries = await listSavedConversations(store, {
    setting: flags.continue ? "--continue" : "--resume",
    startNew: "run it without the flag to start one",
  });
  if (flags.continue) return store.read(entries[0] as ConversationEntry);
  if (typeof resume === "string") {
    const hints = { setting: "--resume", listAll: "--resume without an id lists them" };
    return store.read(conversationEntryById(entries, resume, hints));
  }
  if (io.stdin.isTTY !== true) {
    throw usage(
      `--resume: without an id it asks which conversation on a terminal, and there is none here; give the id (${recentConversationIds(entries)}) or use --continue for the newest`,
    );
  }
  return pickConversation(await readConversations(store, entries.slice(0, LISTED)), io, style);
}

const usage = (message: string) => new CliError({ code: "USAGE", message });

/** Lists the conversations on stderr and reads a number from the terminal. */
async function pickConversation(
  read: ReadConversation[],
  io: Io,
  style: Style,
): Promise<SavedConversation | "left"> {
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

/** The `--resume` list's line for the conversation at `index`: number, id, when, messages, first question. */
export function pickListLine(index: number, item: ReadConversation, style: Style): string {
  const number = String(index + 1).padStart(3);
  const when = item.entry.modified.toLocaleString();
  if ("problem" in item) return `${number}  ${item.entry.id}  ${style.red(item.problem)}`;
  const count = item.conversation.messages.length;
  return `${number}  ${item.entry.id}  ${style.dim(`${when} · ${count} messages`)}  ${conversationTitle(item.conversation)}`;
}
