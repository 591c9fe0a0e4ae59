import type { McpSamplingRequest, ServerRequestContext } from "@tinyloop/mcp-transport";
import { describe, expect, it } from "vitest";
import { askSamplingApproval } from "./ask-sampling.js";

const request: McpSamplingRequest = {
  messages: [{ role: "user", content: { type: "text", text: "Summarise\nthis file" } }],
  maxTokens: 200,
};
const context: ServerRequestContext = { server: "fx", signal: new AbortController().signal };

describe("askSamplingApproval", () => {
  it("asks with the server, the budget and the message; only y or yes allows", async () => {
    const asked: string[] = [];
    const answers = ["Y", "maybe"];
    const approve = askSamplingApproval(async (question) => {
      asked.push(question);
      return answers.shift();
    });
    expect(await approve(request, context)).toBe(true);
    expect(await approve(request, context)).toEqual({
      approved: false,
      reason: "the user declined the sampling request",
    });
    expect(asked[0]).toBe(
      `server fx asks the model (up to 200 tokens): "Summarise this file" — allow? [y]es / [n]o: `,
    );
  });

  it("refuses when nobody can answer, ending with how to allow it when the caller says", async () => {
    expect(await askSamplingApproval(undefined)(request, context)).toEqual({
      approved: false,
      reason: "sampling needs the user's approval and nobody can answer here",
    });
    const howToAllow = "run tinyloop with --yes to allow it";
    expect(await askSamplingApproval(undefined, { howToAllow })(request, context)).toEqual({
      approved: false,
      reason:
        "sampling needs the user's approval and nobody can answer here; run tinyloop with --yes to allow it",
    });
  });
});
