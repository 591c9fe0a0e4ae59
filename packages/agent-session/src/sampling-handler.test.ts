import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { samplingHandler } from "./sampling-handler.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request = {
  systemPrompt: "Be brief.",
  messages: [{ role: "user" as const, content: { type: "text" as const, text: "a haiku" } }],
  maxTokens: 33,
};
const context = { server: "everything", signal: new AbortController().signal };

describe("samplingHandler", () => {
  it("answers with the model once approved, passing the server's prompt and limits", async () => {
    server = await startScriptedModelServer({ script: [{ text: "old pond, a frog" }] });
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m", apiKey: "k" });
    const seen: string[] = [];
    const sample = samplingHandler(model, (_request, { server: name }) => {
      seen.push(name);
      return true;
    });
    expect(await sample(request, context)).toEqual({
      role: "assistant",
      content: { type: "text", text: "old pond, a frog" },
      model: "m",
      stopReason: "endTurn",
    });
    expect(seen).toEqual(["everything"]);
    const body = server.requests[0]?.body as { messages: unknown[]; max_tokens?: number };
    expect(body.messages[0]).toMatchObject({ role: "system", content: "Be brief." });
    expect(JSON.stringify(body)).toContain("33");
  });

  it("refuses with the approver's reason and never calls the model", async () => {
    server = await startScriptedModelServer({ script: [{ text: "unused" }] });
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m", apiKey: "k" });
    const sample = samplingHandler(model, () => ({ approved: false, reason: "declined" }));
    await expect(sample(request, context)).rejects.toThrow("declined");
    expect(server.requests).toHaveLength(0);
  });
});
