import { describe, expect, it } from "vitest";
import { normalizeToolSchema } from "./normalize-tool-schema.js";
import { toAnthropicTools } from "./to-anthropic-tools.js";
import { toOpenAITools } from "./to-openai-tools.js";

describe("normalizeToolSchema", () => {
  it("inlines $ref to $defs and definitions, keeping sibling keywords, and drops document keywords", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "urn:x",
      type: "object",
      properties: {
        where: { $ref: "#/$defs/Place", description: "destination" },
        when: { $ref: "#/definitions/Time" },
      },
      required: ["where"],
      $defs: { Place: { type: "object", properties: { city: { type: "string" } } } },
      definitions: { Time: { type: "string", format: "date-time" } },
    };
    const before = structuredClone(schema);
    expect(normalizeToolSchema(schema)).toEqual({
      type: "object",
      properties: {
        where: {
          type: "object",
          properties: { city: { type: "string" } },
          description: "destination",
        },
        when: { type: "string", format: "date-time" },
      },
      required: ["where"],
    });
    expect(schema).toEqual(before);
  });

  it("replaces a recursive reference with an unconstrained schema instead of looping", () => {
    const tree = {
      type: "object",
      properties: { root: { $ref: "#/$defs/Node" } },
      $defs: {
        Node: {
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/Node" } },
          },
        },
      },
    };
    const out = normalizeToolSchema(tree) as {
      properties: { root: { properties: { children: { items: unknown } } } };
    };
    expect(out.properties.root.properties.children.items).toEqual({
      description: "(recursive reference to Node)",
    });
    expect(JSON.stringify(out)).not.toContain("$ref");
  });

  it("replaces an unresolvable or remote $ref and a root $ref", () => {
    expect(
      normalizeToolSchema({
        $ref: "#/$defs/Args",
        $defs: { Args: { type: "object", properties: { a: { $ref: "https://x/y.json" } } } },
      }),
    ).toEqual({
      type: "object",
      properties: { a: { description: "(unresolved reference https://x/y.json)" } },
    });
  });

  it("makes every root an object schema with properties", () => {
    expect(normalizeToolSchema({})).toEqual({ type: "object", properties: {} });
    expect(normalizeToolSchema(undefined)).toEqual({ type: "object", properties: {} });
    expect(normalizeToolSchema({ properties: { a: { type: "number" } } })).toEqual({
      type: "object",
      properties: { a: { type: "number" } },
    });
    expect(normalizeToolSchema({ type: "string", description: "x" })).toEqual({
      type: "object",
      description: "x",
      properties: {},
    });
  });

  it("merges top-level anyOf/oneOf (required = fields every branch requires) and allOf", () => {
    expect(
      normalizeToolSchema({
        type: "object",
        oneOf: [
          {
            properties: { id: { type: "string" }, name: { type: "string" } },
            required: ["id", "name"],
          },
          { properties: { id: { type: "string" }, path: { type: "string" } }, required: ["id"] },
        ],
      }),
    ).toEqual({
      type: "object",
      properties: { id: { type: "string" }, name: { type: "string" }, path: { type: "string" } },
      required: ["id"],
      description: "Accepts one of several argument shapes; see the tool description.",
    });
    expect(
      normalizeToolSchema({
        allOf: [
          { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "string" } }, required: ["b"] },
        ],
      }),
    ).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      required: ["a", "b"],
    });
  });

  it("keeps nested combinators and a property named like a keyword", () => {
    const schema = {
      type: "object",
      properties: {
        $id: { type: "string" },
        value: { anyOf: [{ type: "string" }, { type: "number" }] },
      },
    };
    expect(normalizeToolSchema(schema)).toEqual(schema);
  });
});

describe("provider tool lists", () => {
  const specs = [
    {
      name: "get_weather",
      description: "Weather for a city",
      inputSchema: {
        $defs: { C: { type: "string" } },
        properties: { city: { $ref: "#/$defs/C" } },
      },
    },
  ];
  it("toOpenAITools wraps each spec as a function tool", () => {
    expect(toOpenAITools(specs)).toEqual([
      {
        type: "function",
        function: {
          name: "get_weather",
          description: "Weather for a city",
          parameters: { type: "object", properties: { city: { type: "string" } } },
        },
      },
    ]);
  });
  it("toAnthropicTools uses input_schema", () => {
    expect(toAnthropicTools(specs)).toEqual([
      {
        name: "get_weather",
        description: "Weather for a city",
        input_schema: { type: "object", properties: { city: { type: "string" } } },
      },
    ]);
  });
});
