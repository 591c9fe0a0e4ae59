import { splitWords } from "./search-terms.js";
import type { ToolDefinition } from "./types.js";

/** The fields of a tool that search looks at, as text. */
export interface ToolSearchDocument {
  /** The registered name: the document's id. */
  id: string;
  /** The tool's own name (its name on the MCP server, else the registered name), split into words. */
  name: string;
  /** The server's name and the toolset. */
  server: string;
  description: string;
  parameterNames: string;
  parameterDescriptions: string;
}

function properties(definition: ToolDefinition): [string, unknown][] {
  const value = definition.inputSchema.properties;
  return typeof value === "object" && value !== null ? Object.entries(value) : [];
}

function descriptionOf(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "";
  const description = (schema as { description?: unknown }).description;
  return typeof description === "string" ? description : "";
}

/** The searchable text of `definition`, one field per part that ranks differently. */
export function toolSearchDocument(definition: ToolDefinition): ToolSearchDocument {
  const params = properties(definition);
  return {
    id: definition.name,
    name: splitWords(definition.source?.tool ?? definition.name).join(" "),
    server: `${definition.source?.server ?? ""} ${definition.toolset}`,
    description: definition.description,
    parameterNames: params.map(([name]) => name).join(" "),
    parameterDescriptions: params.map(([, schema]) => descriptionOf(schema)).join(" "),
  };
}
