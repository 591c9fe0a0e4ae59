import type { ToolRegistry } from "@tinyloop/registry";

/**
 * Whether a call that was in flight when its worker died may simply run again: only when
 * the tool says so through MCP's hints, `readOnlyHint` or `idempotentHint`.
 */
export function mayRunAgain(registry: ToolRegistry, tool: string): boolean {
  const annotations = registry.get(tool)?.annotations;
  return annotations?.readOnlyHint === true || annotations?.idempotentHint === true;
}
