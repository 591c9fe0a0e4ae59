import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeToolSchema } from "../tool-schema/normalize-tool-schema.js";
import { loadNodeLlamaCpp, type NodeLlamaCppModule } from "./load-node-llama-cpp.js";
import { toGbnfSchema } from "./to-gbnf-schema.js";

type Llama = Awaited<ReturnType<NodeLlamaCppModule["getLlama"]>>;
let llama: Llama;

beforeAll(async () => {
  const module = await loadNodeLlamaCpp();
  llama = await module.getLlama({
    gpu: false,
    build: "never",
    skipDownload: true,
    progressLogs: false,
  });
});

afterAll(async () => {
  await llama.dispose();
});

/** Schemas of the shapes MCP servers send (filesystem, everything, playwright…). */
const schemas: Record<string, Record<string, unknown>> = {
  nested: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path" },
      edits: {
        type: "array",
        items: {
          type: "object",
          properties: { oldText: { type: "string" }, newText: { type: "string" } },
          required: ["oldText", "newText"],
          additionalProperties: false,
        },
      },
      dryRun: { type: "boolean", default: false },
    },
    required: ["path", "edits"],
  },
  unions: {
    type: "object",
    properties: {
      mode: { enum: ["fast", "slow"] },
      limit: { type: ["integer", "null"] },
      target: { anyOf: [{ type: "string" }, { type: "number" }] },
      when: { type: "string", format: "date-time" },
      exact: { const: 42 },
    },
  },
  references: {
    $schema: "http://json-schema.org/draft-07/schema#",
    $defs: {
      point: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } } },
    },
    type: "object",
    properties: { from: { $ref: "#/$defs/point" }, to: { $ref: "#/$defs/point" } },
  },
  free: {
    type: "object",
    properties: { anything: {}, map: { type: "object", additionalProperties: { type: "string" } } },
  },
  empty: {},
};

/** Valid arguments for each schema. */
const examples: Record<string, unknown> = {
  nested: { path: "/a.txt", edits: [{ oldText: "a", newText: "b" }], dryRun: true },
  unions: { mode: "fast", limit: null, target: 3, when: "2026-01-02T03:04:05Z", exact: 42 },
  references: { from: { x: 1, y: 2 }, to: { x: 3, y: 4 } },
  free: { anything: [1, "two", { three: 3 }], map: { a: "b" } },
  empty: {},
};

describe("toGbnfSchema", () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`turns a ${name} schema into a grammar llama.cpp compiles and that accepts valid arguments`, async () => {
      const converted = toGbnfSchema(normalizeToolSchema(schema));
      const grammar = await llama.createGrammarForJsonSchema(converted as never);
      expect(grammar.grammar.length).toBeGreaterThan(10);
      expect(grammar.parse(JSON.stringify(examples[name]))).toEqual(examples[name]);
    });
  }

  it("the grammar rejects arguments of the wrong shape", async () => {
    const grammar = await llama.createGrammarForJsonSchema(
      toGbnfSchema(normalizeToolSchema(schemas.nested)) as never,
    );
    expect(() => grammar.parse(JSON.stringify({ path: 3, edits: [] }))).toThrow();
  });

  it("keeps what constrains the model and drops what the grammar cannot say", () => {
    expect(toGbnfSchema(normalizeToolSchema(schemas.nested))).toMatchObject({
      type: "object",
      required: ["path", "edits"],
      properties: {
        path: { type: "string", description: "File path" },
        edits: { type: "array", items: { type: "object", additionalProperties: false } },
        dryRun: { type: "boolean" },
      },
    });
    const unions = toGbnfSchema(normalizeToolSchema(schemas.unions)) as {
      properties: Record<string, unknown>;
    };
    expect(unions.properties.mode).toEqual({ enum: ["fast", "slow"] });
    expect(unions.properties.limit).toEqual({ type: ["integer", "null"] });
    expect(unions.properties.target).toEqual({ oneOf: [{ type: "string" }, { type: "number" }] });
    expect(unions.properties.when).toEqual({ type: "string", format: "date-time" });
  });
});
