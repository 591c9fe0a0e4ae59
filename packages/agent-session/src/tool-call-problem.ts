import { exampleArguments } from "@tinyloop/mcp-registration";
import { schemaProblems, suggestNames, type ToolRegistry } from "@tinyloop/registry";
import { visibleControls } from "./visible-controls.js";

/** How the caller's users give a call by hand, named in {@link toolCallProblem}'s texts. */
export interface ToolCallHints {
  /** Where the arguments are given, e.g. `--args`. */
  argsSetting: string;
  /** Where every tool name is listed, e.g. `tinyloop mcp tools AGENT lists them`. */
  listTools: string;
}

/**
 * Why a call typed by a person (not a model) cannot be sent, for that person: no tool by
 * that name (close names, else where they are listed), or arguments that break the tool's
 * input schema (each problem, and arguments that fit: the required ones with
 * `exampleArguments` values). Undefined when the call can go (a schema that cannot compile
 * gives no problems: the server decides).
 */
export function toolCallProblem(
  registry: ToolRegistry,
  name: string,
  args: Record<string, unknown>,
  { argsSetting, listTools }: ToolCallHints,
): string | undefined {
  const definition = registry.get(name);
  if (!definition) {
    const suggestions = suggestNames(
      name,
      registry.list().map((tool) => tool.name),
    );
    const guess =
      suggestions.length > 0
        ? `; did you mean ${suggestions.map((close) => `"${close}"`).join(" or ")}?`
        : "";
    return `no tool named "${visibleControls(name)}" among the agent's tools${guess} (${listTools})`;
  }
  const found = schemaProblems(definition.inputSchema, args);
  if (found === undefined) return undefined;
  const problems = found.map((line) => `  ${line}`).join("\n");
  return `${argsSetting}: expected arguments that fit ${definition.name}'s input schema, got ${JSON.stringify(args)}:\n${problems}\nfor example: ${argsSetting} '${exampleArgumentsText(definition.inputSchema)}'`;
}

/** The required properties with example values, as JSON on one line: `{"a": 0, "b": 0}`. */
function exampleArgumentsText(schema: Parameters<typeof exampleArguments>[0]): string {
  const entries = Object.entries(exampleArguments(schema)).map(
    ([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{${entries.join(", ")}}`;
}
