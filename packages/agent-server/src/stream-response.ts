import type { ServerResponse } from "node:http";
import type { CompletionIdentity } from "./completion-id.js";
import { toOpenAIUsage } from "./openai-usage.js";
import type { CompletionOutput } from "./run-completion.js";
import type { TinyloopExtension } from "./tinyloop-events.js";

/**
 * Answers `stream: true`: Server-Sent Events in the shape of OpenAI's
 * `chat.completion.chunk`s (the model's reasoning as `delta.reasoning_content`, never in
 * `content`), a `tinyloop` field on the chunks that report tool work, then
 * `data: [DONE]`. A run that fails after the headers ends with an `{"error": …}` event,
 * which the OpenAI clients raise as an API error. A `: keep-alive` comment goes out every
 * `keepAliveMs` so that proxies do not close a stream that waits on a long tool call.
 */
export async function writeStream(
  res: ServerResponse,
  identity: CompletionIdentity,
  outputs: AsyncIterable<CompletionOutput>,
  { includeUsage, keepAliveMs }: { includeUsage: boolean; keepAliveMs: number },
): Promise<void> {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  // No flushHeaders(): the headers leave with the first chunk, in the same write.
  // Chunks produced in the same tick (a model read often holds many) leave in one write.
  let corked = false;
  const uncork = () => {
    corked = false;
    res.uncork();
  };
  const send = (data: unknown) => {
    if (res.writableEnded || res.destroyed) return;
    if (!corked) {
      corked = true;
      res.cork();
      process.nextTick(uncork);
    }
    res.write(`data: ${JSON.stringify(data)}\n\n`);
  };
  const chunk = (
    delta: Record<string, unknown>,
    finish: string | null = null,
    tinyloop?: TinyloopExtension,
  ) => ({
    ...identity,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(tinyloop ? { tinyloop } : {}),
  });
  const keepAlive = setInterval(() => {
    if (!res.writableEnded && !res.destroyed) res.write(": keep-alive\n\n");
  }, keepAliveMs);
  keepAlive.unref();
  try {
    send(chunk({ role: "assistant", content: "" }));
    for await (const output of outputs) {
      switch (output.kind) {
        case "text":
          send(chunk({ content: output.text }));
          break;
        case "reasoning":
          // The field DeepSeek, vLLM and OpenRouter stream, which OpenAI-compatible clients read.
          send(chunk({ reasoning_content: output.text }));
          break;
        case "extension":
          send(chunk({}, null, output.extension));
          break;
        case "error":
          send(output.error.toBody());
          break;
        case "finish":
          send(chunk({}, output.reason, output.done));
          if (includeUsage) {
            send({
              ...identity,
              object: "chat.completion.chunk",
              choices: [],
              usage: toOpenAIUsage(output.usage),
            });
          }
          if (!res.writableEnded && !res.destroyed) res.write("data: [DONE]\n\n");
          break;
      }
    }
  } finally {
    clearInterval(keepAlive);
    if (!res.writableEnded) res.end();
  }
}
