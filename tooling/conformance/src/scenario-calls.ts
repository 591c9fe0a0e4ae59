import { exampleArguments } from "@tinyloop/mcp-registration";
import type { ToolDefinition } from "@tinyloop/registry";

/** The conformance servers' tools take simple arguments (`add_numbers` two numbers): 1 and "test". */
const SCRIPTED_FILLERS = { number: 1, string: "test" };

/** One tool call the client makes: the registered tool name and its arguments. */
export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

/** The `json-schema-2020-12-preservation` scenario's tools, by their MCP names. */
const PRESERVATION = {
  focal: "json_schema_2020_12_tool",
  echo: "json_schema_echo",
} as const;

/** Arguments that satisfy the focal tool's 2020-12 schema (its `if`/`then`/`else` and `anyOf`). */
const FOCAL_ARGUMENTS = { name: "Ada", contactMethod: "email", email: "ada@example.com" };

/**
 * The calls the client makes in a scenario, in the order of `tools`: by default every tool
 * once, with arguments built from its schema (a scripted model's choice). The schema
 * preservation scenario asks the client to hand back the input schema it registered for
 * the focal tool, verbatim, through the echo tool — so what the server sees is exactly what
 * tinyloop's registry (and the model request, before the provider's rewriting) carries.
 * The network-`$ref` scenario only lists.
 */
export function scenarioCalls(scenario: string, tools: readonly ToolDefinition[]): PlannedCall[] {
  // SEP-2106: the client lists a tool whose schema has a network `$ref` and must not fetch
  // it; the scenario's server answers no calls, so the client makes none.
  if (scenario === "json-schema-ref-no-deref") return [];
  const bySource = (mcpName: string) => tools.find((tool) => tool.source?.tool === mcpName);
  return tools.map((tool) => {
    if (scenario === "json-schema-2020-12-preservation") {
      if (tool.source?.tool === PRESERVATION.echo) {
        const focal = bySource(PRESERVATION.focal);
        return { name: tool.name, args: { schema: focal?.inputSchema ?? {} } };
      }
      if (tool.source?.tool === PRESERVATION.focal) {
        return { name: tool.name, args: { ...FOCAL_ARGUMENTS } };
      }
    }
    return { name: tool.name, args: exampleArguments(tool.inputSchema, SCRIPTED_FILLERS) };
  });
}
