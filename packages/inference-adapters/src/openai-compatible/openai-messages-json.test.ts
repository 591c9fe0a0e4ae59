import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../types.js";
import { OpenAIMessagesJson } from "./openai-messages-json.js";

const image = { type: "image" as const, data: "aGVsbG8=", mimeType: "image/png" };

function history(): ChatMessage[] {
  return [
    { role: "system", content: "Be terse." },
    { role: "user", content: "Look at both." },
    {
      role: "assistant",
      content: "",
      toolCalls: [
        { id: "c1", name: "shot", arguments: "" },
        { id: "c2", name: "shot", arguments: '{"n":2}' },
      ],
    },
    { role: "tool", toolCallId: "c1", toolName: "shot", content: [image] },
    { role: "tool", toolCallId: "c2", content: [{ type: "text", text: "failed" }], isError: true },
    { role: "assistant", content: "Done." },
  ];
}

describe("OpenAIMessagesJson", () => {
  it("writes the history as OpenAI messages, a tool run's images after it in one user message", () => {
    const written = JSON.parse(new OpenAIMessagesJson(true).write(history()));
    expect(written).toEqual([
      { role: "system", content: "Be terse." },
      { role: "user", content: "Look at both." },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "shot", arguments: "{}" } },
          { id: "c2", type: "function", function: { name: "shot", arguments: '{"n":2}' } },
        ],
      },
      {
        role: "tool",
        tool_call_id: "c1",
        content: "[image image/png: shown in the next user message]",
      },
      { role: "tool", tool_call_id: "c2", content: "Error: failed" },
      {
        role: "user",
        content: [
          { type: "text", text: "Image(s) returned by tool shot (call c1):" },
          { type: "image_url", image_url: { url: "data:image/png;base64,aGVsbG8=" } },
        ],
      },
      { role: "assistant", content: "Done." },
    ]);
  });

  it("describes images in the text without vision", () => {
    const written = JSON.parse(new OpenAIMessagesJson(false).write(history()));
    expect(written[3]).toEqual({
      role: "tool",
      tool_call_id: "c1",
      content: "[image image/png, 5 bytes: not shown to this model]",
    });
    expect(written).toHaveLength(6);
  });

  it("a growing history written again equals a fresh conversion; a message whose fields got new values is converted again", () => {
    const messages = history();
    const writer = new OpenAIMessagesJson(true);
    const first = writer.write(messages.slice(0, 3));
    expect(writer.write(messages.slice(0, 3))).toBe(first);
    expect(writer.write(messages)).toBe(new OpenAIMessagesJson(true).write(messages));

    // The same objects with new values, in a history that does not continue the last one
    // (messages sent are taken as unchanging only while the history grows): the JSON follows.
    const user = messages[1] as { content: string };
    user.content = "Look again.";
    const tool = messages[4] as { isError?: boolean };
    delete tool.isError;
    writer.write(messages.slice(0, 1));
    const again = JSON.parse(writer.write(messages));
    expect(again[1]).toEqual({ role: "user", content: "Look again." });
    expect(again[4]).toEqual({ role: "tool", tool_call_id: "c2", content: "failed" });
    expect(writer.write(messages)).toBe(new OpenAIMessagesJson(true).write(messages));
  });

  it("continues a history written before, also one that stopped right after tool images, or that went another way", () => {
    const messages = history();
    const writer = new OpenAIMessagesJson(true);
    const fresh = (list: ChatMessage[]) => new OpenAIMessagesJson(true).write(list);
    // Ends after the tool results: their images wait for the next message.
    for (const length of [4, 5, 6]) {
      expect(writer.write(messages.slice(0, length))).toBe(fresh(messages.slice(0, length)));
    }
    // Another history with the same start: a different answer, then a new question.
    const other: ChatMessage[] = [
      ...messages.slice(0, 5),
      { role: "assistant", content: "Two shots." },
      { role: "user", content: "Thanks." },
    ];
    expect(writer.write(other)).toBe(fresh(other));
    expect(writer.write(messages.slice(0, 2))).toBe(fresh(messages.slice(0, 2)));
    expect(writer.write(messages)).toBe(fresh(messages));
  });
});
