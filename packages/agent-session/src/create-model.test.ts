import { chooseProvider } from "@tinyloop/agent-files";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, describe, expect, it } from "vitest";
import { AgentSessionError } from "./agent-session-error.js";
import { createModel } from "./create-model.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("createModel", () => {
  it("builds an OpenAI-compatible model at the endpoint, with the key from the plan's variable", async () => {
    server = await startScriptedModelServer({ script: [{ text: "hello" }] });
    const choice = { provider: "openai", model: "m1", endpointUrl: server.baseURL, apiKeyEnv: "K" };
    const model = await createModel(chooseProvider(choice, {}), choice, { K: "secret-key" });
    let text = "";
    for await (const event of model.stream({ messages: [{ role: "user", content: "hi" }] }))
      if (event.type === "text-delta") text += event.text;
    expect(text).toBe("hello");
    expect(model.modelId).toBe("m1");
    expect(server.requests[0]?.headers.authorization).toBe("Bearer secret-key");
  });

  it("says how to give a missing model, as an AgentSessionError", async () => {
    const choice = { provider: "anthropic" };
    const error = await createModel(chooseProvider(choice, {}), choice, {}).catch((e) => e);
    expect(AgentSessionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "MODEL_REQUIRED" });
    expect(error.message).toContain('pass --model NAME or set "model" in the agent file');
  });
});
