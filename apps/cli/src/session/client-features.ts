import type { ApproveSampling } from "@tinyloop/agent-session";
import type { McpServerLog } from "@tinyloop/mcp-transport";
import type { AskApproval } from "../terminal/approval.js";
import { oneLine } from "../terminal/summarize.js";

/**
 * Sampling approval as the CLI asks it: through `ask()` (the REPL's prompt, or a terminal
 * question in one-shot); `yes` allows without asking; with nobody to ask it is refused,
 * saying to run with --yes.
 */
export function askSamplingApproval(ask: AskApproval | undefined, yes: boolean): ApproveSampling {
  return async (request, { server, signal }) => {
    if (yes) return true;
    if (!ask) {
      return {
        approved: false,
        reason: `sampling needs the user's approval and nobody can answer here; run tinyloop with --yes to allow it`,
      };
    }
    const last = request.messages.at(-1)?.content;
    const text = last && !Array.isArray(last) && last.type === "text" ? last.text : "";
    const answer = await ask(
      `server ${server} asks the model (up to ${request.maxTokens} tokens): "${oneLine(text, 60)}" — allow? [y]es / [n]o: `,
      signal,
    );
    return /^(y|yes)$/i.test(answer?.trim() ?? "")
      ? true
      : { approved: false, reason: "the user declined the sampling request" };
  };
}

/** One line for a server's log message: `server NAME [level] logger: data`. */
export function serverLogLine(log: McpServerLog): string {
  const data = typeof log.data === "string" ? log.data : JSON.stringify(log.data);
  return `server ${log.server} [${log.level}]${log.logger ? ` ${log.logger}` : ""}: ${oneLine(data ?? "", 200)}`;
}
