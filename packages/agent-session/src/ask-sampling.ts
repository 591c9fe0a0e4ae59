import type { AskQuestion } from "./ask-approval.js";
import type { ApproveSampling } from "./sampling-handler.js";
import { oneLine } from "./short-text.js";

/**
 * Sampling approval asked through `ask` (e.g. a terminal prompt): the server, the token
 * budget and the start of the last message, `[y]es / [n]o`; anything but y/yes declines.
 * With nobody to ask it is refused, ending with `howToAllow` when given (a CLI names its
 * flag). (To allow every request without asking, pass `() => true` as `approveSampling`.)
 */
export function askSamplingApproval(
  ask: AskQuestion | undefined,
  { howToAllow }: { howToAllow?: string } = {},
): ApproveSampling {
  return async (request, { server, signal }) => {
    if (!ask) {
      return {
        approved: false,
        reason: `sampling needs the user's approval and nobody can answer here${howToAllow ? `; ${howToAllow}` : ""}`,
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
