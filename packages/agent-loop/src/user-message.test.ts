import { describe, expect, it } from "vitest";
import { toUserMessage } from "./user-message.js";

describe("toUserMessage", () => {
  it("turns text and a list of parts into a user message, copying the parts", () => {
    expect(toUserMessage("Hi")).toEqual({ role: "user", content: "Hi" });
    const parts = [
      { type: "text" as const, text: "What is this?" },
      { type: "image" as const, data: "iVBOR", mimeType: "image/png" },
    ];
    const message = toUserMessage(parts);
    expect(message).toEqual({ role: "user", content: parts });
    expect(message.role === "user" && message.content[1]).not.toBe(parts[1]);
  });

  it("names the part and what is wrong with it, with an example", () => {
    expect(() => toUserMessage(5 as never)).toThrow(
      /^agent\.run\(input\): expected text or a list of parts, got a number \(5\) \(example: "List the files"/,
    );
    expect(() => toUserMessage([{ type: "text", text: 3 }] as never)).toThrow(
      "agent.run(input): input[0].text: expected a string, got a number (3)",
    );
    expect(() =>
      toUserMessage([
        { type: "text", text: "ok" },
        { type: "image", data: "x" },
      ] as never),
    ).toThrow(/input\[1\]: an image part needs data \(base64 text\) and mimeType \(example:/);
  });
});
