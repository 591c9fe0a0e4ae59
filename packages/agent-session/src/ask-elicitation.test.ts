import type { McpElicitRequest } from "@tinyloop/mcp-transport";
import { describe, expect, it } from "vitest";
import type { AskQuestion } from "./ask-approval.js";
import { askElicitation } from "./ask-elicitation.js";

const request: McpElicitRequest = {
  message: "Who are you?",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name" },
      tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      age: { type: "integer", minimum: 0 },
    },
    required: ["name"],
  },
};

/** A person who types these answers, one per question; the questions are recorded. */
function person(answers: Array<string | undefined>): { ask: AskQuestion; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    ask: async (question) => {
      asked.push(question);
      return answers.shift();
    },
  };
}

const signal = new AbortController().signal;

describe("askElicitation", () => {
  it("declines on n, cancels on c or when input ends, and declines without a person", async () => {
    expect(await askElicitation("s", request, person(["n"]).ask, signal)).toEqual({
      action: "decline",
    });
    expect(await askElicitation("s", request, person(["c"]).ask, signal)).toEqual({
      action: "cancel",
    });
    expect(await askElicitation("s", request, person([undefined]).ask, signal)).toEqual({
      action: "cancel",
    });
    expect(await askElicitation("s", request, undefined, signal)).toEqual({ action: "decline" });
  });

  it("asks a required field again when left empty, parses lists and integers", async () => {
    const { ask, asked } = person(["y", "", "Ada", "a, c", "a,b", "1.5", "3"]);
    const result = await askElicitation("s", request, ask, signal);
    expect(result).toEqual({
      action: "accept",
      content: { name: "Ada", tags: ["a", "b"], age: 3 },
    });
    expect(asked).toEqual([
      "server s asks: Who are you? — answer? [y]es / [n]o (decline) / [c]ancel: ",
      "  Name: ",
      "  name is required: ",
      "  tags (optional) [a / b, comma-separated]: ",
      "  not a choice: c; tags: ",
      "  age (optional): ",
      "  expected a whole number; age: ",
    ]);
  });
});
