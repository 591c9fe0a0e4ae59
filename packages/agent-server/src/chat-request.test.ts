import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.js";
import { parseChatRequest } from "./chat-request.js";

describe("parseChatRequest", () => {
  it("converts an OpenAI conversation: roles, text parts, images, tool calls and results", () => {
    const parsed = parseChatRequest({
      model: "agent",
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 100,
      temperature: 0,
      top_p: 0.5, // ignored
      messages: [
        { role: "developer", content: [{ type: "text", text: "Be brief." }] },
        { role: "user", content: "Read a.txt" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "read", arguments: '{"p":"a"}' } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "hello" },
        { role: "assistant", content: "It says hello." },
        {
          role: "user",
          content: [
            { type: "text", text: "And this?" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBOR\nw0K" } },
          ],
        },
      ],
    });
    expect(parsed).toEqual({
      model: "agent",
      stream: true,
      includeUsage: true,
      imageUrls: [],
      maxTokens: 100,
      temperature: 0,
      history: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Read a.txt" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "c1", name: "read", arguments: '{"p":"a"}' }],
        },
        { role: "tool", toolCallId: "c1", content: [{ type: "text", text: "hello" }] },
        { role: "assistant", content: "It says hello." },
      ],
      input: [
        { type: "text", text: "And this?" },
        { type: "image", mimeType: "image/png", data: "iVBORw0K" },
      ],
    });
  });

  it("accepts an empty tools list and max_tokens, and defaults stream to false", () => {
    const parsed = parseChatRequest({
      model: "agent",
      tools: [],
      max_tokens: 7,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(parsed).toMatchObject({ stream: false, includeUsage: false, maxTokens: 7, input: "hi" });
  });

  it("names the field, what was expected and an example in each refusal", () => {
    const refusal = (body: unknown) => {
      try {
        parseChatRequest(body);
      } catch (error) {
        if (error instanceof ApiError) return { param: error.param, message: error.message };
        throw error;
      }
      throw new Error("accepted");
    };
    expect(refusal({ model: "a", messages: [{ role: "user", content: [] }] })).toEqual({
      param: "messages[0].content",
      message: expect.stringContaining(
        'non-empty list of parts, got an empty list (example: "Hello"',
      ),
    });
    expect(
      refusal({
        model: "a",
        messages: [
          { role: "assistant", tool_calls: [{ id: 1 }] },
          { role: "user", content: "x" },
        ],
      }),
    ).toEqual({
      param: "messages[0].tool_calls[0]",
      message: expect.stringContaining('expected {"id": "call_1", "type": "function"'),
    });
    expect(refusal({ model: "a", messages: [{ role: "tool", content: "x" }] })).toMatchObject({
      param: "messages[0].tool_call_id",
    });
    expect(refusal({ model: "a", stream: "yes", messages: [] })).toMatchObject({
      param: "messages",
    });
    expect(
      refusal({ model: "a", stream: "yes", messages: [{ role: "user", content: "x" }] }),
    ).toMatchObject({ param: "stream" });
    expect(
      refusal({ model: "a", max_tokens: 1.5, messages: [{ role: "user", content: "x" }] }),
    ).toMatchObject({ param: "max_tokens", message: expect.stringContaining("a whole number") });
  });
});
