import type { ToolDefinition } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { scenarioCalls } from "./scenario-calls.js";

const focalSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: { address: { $anchor: "addressDef", type: "object" } },
  properties: { name: { type: "string" } },
  additionalProperties: false,
};

function tool(name: string, mcpName: string, inputSchema: Record<string, unknown>): ToolDefinition {
  return {
    name,
    description: "",
    inputSchema,
    toolset: "mcp-conformance",
    source: { server: "conformance", tool: mcpName },
  };
}

const tools = [
  tool("mcp_conformance_json_schema_2020_12_tool", "json_schema_2020_12_tool", focalSchema),
  tool("mcp_conformance_json_schema_echo", "json_schema_echo", {
    type: "object",
    properties: { schema: { type: "object" } },
    required: ["schema"],
  }),
];

describe("scenarioCalls", () => {
  it("echoes the registered focal schema, as the registry holds it, in the preservation scenario", () => {
    const calls = scenarioCalls("json-schema-2020-12-preservation", tools);
    expect(calls[1]).toEqual({
      name: "mcp_conformance_json_schema_echo",
      args: { schema: focalSchema },
    });
    expect(calls[0]?.args).toMatchObject({ contactMethod: "email" });
  });

  it("builds arguments from the schema in other scenarios, and makes no calls for the network-$ref one", () => {
    expect(scenarioCalls("tools_call", tools)[1]).toEqual({
      name: "mcp_conformance_json_schema_echo",
      args: { schema: {} },
    });
    expect(scenarioCalls("json-schema-ref-no-deref", tools)).toEqual([]);
  });
});
