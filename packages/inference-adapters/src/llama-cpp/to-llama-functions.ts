import type { ChatModelFunctions } from "node-llama-cpp";
import { normalizeToolSchema } from "../tool-schema/normalize-tool-schema.js";
import type { ChatRequest, ToolSpec } from "../types.js";
import { toGbnfSchema } from "./to-gbnf-schema.js";

/**
 * The node-llama-cpp functions for a request: none for `toolChoice: "none"` or no tools,
 * only the named one for `{ name }`, each with a grammar schema built from its input schema.
 */
export function toLlamaFunctions(request: ChatRequest): ChatModelFunctions | undefined {
  const choice = request.toolChoice ?? "auto";
  if (choice === "none" || !request.tools || request.tools.length === 0) return undefined;
  const tools: ToolSpec[] =
    typeof choice === "object"
      ? request.tools.filter((t) => t.name === choice.name)
      : request.tools;
  if (tools.length === 0) return undefined;
  return Object.fromEntries(
    tools.map((tool) => [
      tool.name,
      {
        description: tool.description,
        params: toGbnfSchema(normalizeToolSchema(tool.inputSchema)),
      },
    ]),
  );
}
