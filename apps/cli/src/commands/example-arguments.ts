import { exampleArguments } from "@tinyloop/mcp-registration";
import type { JsonSchema } from "@tinyloop/registry";

/**
 * A small `--args` example for a tool's input schema, as JSON text on one line: the
 * required properties with mcp-registration's `exampleArguments` values, e.g.
 * `{"a": 0, "b": 0}` for `add`. `{}` when nothing is required.
 */
export function exampleArgumentsText(schema: JsonSchema): string {
  const entries = Object.entries(exampleArguments(schema)).map(
    ([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{${entries.join(", ")}}`;
}
