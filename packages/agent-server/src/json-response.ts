import type { ServerResponse } from "node:http";
import { sendApiError } from "./api-error.js";
import type { CompletionIdentity } from "./completion-id.js";
import { toOpenAIUsage } from "./openai-usage.js";
import type { CompletionOutput } from "./run-completion.js";
import type { TinyloopExtension } from "./tinyloop-events.js";

/**
 * Answers `stream: false`: one `chat.completion` object once the run is over (the model's
 * reasoning, when it gave any, in `message.reasoning_content`), with the
 * tool work in a top-level `tinyloop` field (`{ stop_reason, turns, events }`), or an
 * OpenAI-style error (502 when the model failed).
 */
export async function writeJson(
  res: ServerResponse,
  identity: CompletionIdentity,
  outputs: AsyncIterable<CompletionOutput>,
): Promise<void> {
  let content = "";
  let reasoning = "";
  const events: TinyloopExtension[] = [];
  for await (const output of outputs) {
    if (output.kind === "text") content += output.text;
    else if (output.kind === "reasoning") reasoning += output.text;
    else if (output.kind === "extension") {
      if (output.extension.type !== "tool_progress") events.push(output.extension);
    } else if (output.kind === "error") {
      sendApiError(res, output.error);
      return;
    } else {
      const { usage, done } = output;
      const body = JSON.stringify({
        ...identity,
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content,
              // Only when the model reasoned: a plain model's answer looks as before.
              ...(reasoning === "" ? {} : { reasoning_content: reasoning }),
              refusal: null,
            },
            logprobs: null,
            finish_reason: output.reason,
          },
        ],
        usage: toOpenAIUsage(usage),
        tinyloop: {
          ...(done.type === "done" ? { stop_reason: done.reason, turns: done.turns } : {}),
          events,
        },
      });
      if (res.destroyed) return;
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    }
  }
}
