import { describe, expect, it } from "vitest";
import { toLlamaHistory } from "./to-llama-history.js";

describe("toLlamaHistory", () => {
  it("puts calls, their results and the text after them in one model item", () => {
    const history = toLlamaHistory([
      { role: "system", content: "sys" },
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: "Checking.",
        toolCalls: [
          { id: "1", name: "a", arguments: '{"x":1}' },
          { id: "2", name: "b", arguments: "" },
        ],
      },
      { role: "tool", toolCallId: "2", content: [{ type: "text", text: "B" }] },
      { role: "tool", toolCallId: "1", content: [{ type: "text", text: "boom" }], isError: true },
      { role: "assistant", content: "Done." },
      { role: "user", content: "thanks" },
    ]);
    expect(history).toEqual([
      { type: "system", text: "sys" },
      { type: "user", text: "go" },
      {
        type: "model",
        response: [
          "Checking.",
          {
            type: "functionCall",
            name: "a",
            params: { x: 1 },
            result: "Error: boom",
            startsNewChunk: true,
          },
          { type: "functionCall", name: "b", params: {}, result: "B", startsNewChunk: false },
          "Done.",
        ],
      },
      { type: "user", text: "thanks" },
      { type: "model", response: [] },
    ]);
  });

  it("continues the model item when the conversation ends with tool results", () => {
    const history = toLlamaHistory([
      { role: "user", content: "go" },
      { role: "assistant", content: "", toolCalls: [{ id: "1", name: "a", arguments: "{}" }] },
      { role: "tool", toolCallId: "1", content: [{ type: "text", text: "ok" }] },
    ]);
    expect(history.at(-1)).toEqual({
      type: "model",
      response: [
        { type: "functionCall", name: "a", params: {}, result: "ok", startsNewChunk: true },
      ],
    });
    expect(history).toHaveLength(2);
  });

  it("describes images and keeps a result whose call is missing as context", () => {
    const history = toLlamaHistory([
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
        ],
      },
      {
        role: "tool",
        toolCallId: "gone",
        toolName: "shot",
        content: [{ type: "text", text: "r" }],
      },
    ]);
    expect(history[0]).toEqual({
      type: "user",
      text: expect.stringMatching(/^look\n\[image image\/png/),
    });
    expect(history[1]).toEqual({ type: "user", text: "Result of shot:\nr" });
    expect(history.at(-1)).toEqual({ type: "model", response: [] });
  });
});
