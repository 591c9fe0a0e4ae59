import { conformance2020Schema } from "@tinyloop/test-fixtures/json-schema";
import type { ToolSpec } from "../types.js";

/** A tool carrying the conformance suite's 2020-12 schema, as the registry hands it to a model. */
export function contactTool(): ToolSpec {
  return {
    name: "save_contact",
    description: "Save a contact.",
    inputSchema: conformance2020Schema(),
  };
}
