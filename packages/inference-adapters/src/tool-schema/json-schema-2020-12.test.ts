import { CONFORMANCE_2020_12_SCHEMA as JSON_SCHEMA_2020_12 } from "@tinyloop/test-fixtures/json-schema";
import { describe, expect, it } from "vitest";
import { collectEvents } from "../__fixtures__/collect-events.js";
import { contactTool } from "../__fixtures__/json-schema-2020-12.js";
import { useScriptedServers } from "../__fixtures__/scripted-servers.js";
import { createAnthropic } from "../anthropic/create-anthropic.js";
import { toLlamaFunctions } from "../llama-cpp/to-llama-functions.js";
import { createOpenAICompatible } from "../openai-compatible/create-openai-compatible.js";
import { withTextToolCalls } from "../text-tool-calls/with-text-tool-calls.js";
import type { ChatRequest } from "../types.js";

// A JSON Schema 2020-12 tool schema reaches the adapter whole (the registry and the agent
// loop pass it on as the MCP server sent it); each provider's rewriting happens here, at the
// model boundary, and only in the request — the tool spec itself is never changed.

const serve = useScriptedServers();

function request(): ChatRequest {
  return { messages: [{ role: "user", content: "save Ada" }], tools: [contactTool()] };
}

/** What every native-tools provider gets for the 2020-12 schema: one object, refs inlined. */
const providerSafe = {
  type: "object",
  properties: {
    name: { type: "string" },
    address: {
      type: "object",
      properties: { street: { type: "string" }, city: { type: "string" } },
    },
    contactMethod: { type: "string", enum: ["phone", "email"] },
    phone: { type: "string" },
    email: { type: "string" },
  },
  if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword, not a promise
  then: { required: ["phone"] },
  else: { required: ["email"] },
  additionalProperties: false,
};

describe("a JSON Schema 2020-12 tool schema at the model boundary", () => {
  it("OpenAI-compatible: $ref inlined, $schema/$defs/$anchor and the top-level allOf gone, if/then/else and additionalProperties kept", async () => {
    const server = await serve([{ text: "ok" }]);
    const model = createOpenAICompatible({ baseURL: server.baseURL, model: "m" });
    const sent = request();
    await collectEvents(model.stream(sent));
    const body = server.requests[0]?.body as {
      tools: Array<{ function: { parameters: unknown } }>;
    };
    expect(body.tools[0]?.function.parameters).toEqual(providerSafe);
    expect(sent.tools?.[0]?.inputSchema).toEqual(JSON_SCHEMA_2020_12);
  });

  it("Anthropic: the same object schema as input_schema, with no top-level anyOf/allOf/oneOf", async () => {
    const server = await serve([{ text: "ok" }]);
    const model = createAnthropic({ baseURL: server.baseURL, model: "c", apiKey: "k" });
    const sent = request();
    await collectEvents(model.stream(sent));
    const body = server.requests[0]?.body as { tools: Array<{ input_schema: unknown }> };
    expect(body.tools[0]?.input_schema).toEqual(providerSafe);
    expect(sent.tools?.[0]?.inputSchema).toEqual(JSON_SCHEMA_2020_12);
  });

  it("llama.cpp grammar: the subset node-llama-cpp can express (the registry still validates the rest)", () => {
    const sent = request();
    const functions = toLlamaFunctions(sent);
    // Conditionals cannot be a grammar; `enum` stands without its `type`.
    const { if: _if, then: _then, else: _else, ...grammarable } = providerSafe;
    expect(functions?.save_contact?.params).toEqual({
      ...grammarable,
      properties: { ...providerSafe.properties, contactMethod: { enum: ["phone", "email"] } },
    });
    expect(sent.tools?.[0]?.inputSchema).toEqual(JSON_SCHEMA_2020_12);
  });

  it("text tool calls: the model reads the schema in its prompt exactly as the server sent it", async () => {
    const server = await serve([{ text: "ok" }]);
    const model = withTextToolCalls(
      createOpenAICompatible({ baseURL: server.baseURL, model: "m" }),
      { format: "hermes" },
    );
    await collectEvents(model.stream(request()));
    const body = server.requests[0]?.body as {
      messages: Array<{ content: string }>;
      tools?: unknown;
    };
    expect(body.tools).toBeUndefined();
    const prompt = body.messages[0]?.content ?? "";
    expect(prompt).toContain(JSON.stringify(JSON_SCHEMA_2020_12));
  });
});
