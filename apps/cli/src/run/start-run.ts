import { chooseConversation } from "../conversations/choose-conversation.js";
import { savedConversations } from "../conversations/saved-conversations.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { startSession } from "../session/start-session.js";
import { styleFor } from "../terminal/style.js";
import { oneShotPrompt } from "./one-shot-prompt.js";
import { prepareRun } from "./prepare-run.js";
import type { RunFlags } from "./run-flags.js";

/**
 * `tinyloop run`, light part first: reads and checks the agent (a bad file starts nothing),
 * reads the saved conversation `--continue` / `--resume` asks for (a missing or damaged one
 * starts nothing either), starts its session (agent-session's `startAgentSession`: its stdio
 * servers boot at once), and only then loads the run itself (MCP SDK, agent loop, model
 * adapters), which opens the session over the running servers. Everything started is stopped
 * on every exit path (through `lifecycle`).
 */
export async function startRun(
  agentArg: string | undefined,
  flags: RunFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  // Piped stdin is read while the agent file is checked and its servers start.
  const promptRead = oneShotPrompt(flags.prompt, io.stdin);
  promptRead.catch(() => {}); // awaited below; a bad agent file is the error shown first
  const prepared = await prepareRun(agentArg, flags, io);
  const store = savedConversations(prepared.spec, io.env);
  const resumed = await chooseConversation(flags, store, io, styleFor(io.stderr, flags, io.env));
  if (resumed === "left") return EXIT.interrupted;
  const starting = startSession(prepared, flags, io, lifecycle);
  const prompt = await promptRead;
  const { runCommand } = await import("./run-command.js");
  return runCommand(prompt === undefined ? flags : { ...flags, prompt }, io, lifecycle, {
    prepared,
    starting,
    conversation: { store, ...(resumed ? { resumed } : {}) },
  });
}
