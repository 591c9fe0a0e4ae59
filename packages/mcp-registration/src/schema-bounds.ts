/** Deepest nesting of objects/arrays accepted in a tool's input or output schema. */
export const MAX_SCHEMA_DEPTH = 100;
/** Most values (objects, arrays, and their entries) accepted in one tool schema. */
export const MAX_SCHEMA_NODES = 100_000;

/**
 * Why a schema is too big to use safely, or undefined when it is within
 * {@link MAX_SCHEMA_DEPTH} and {@link MAX_SCHEMA_NODES}. Walks the value with an explicit
 * stack, so a hostile schema nested thousands of levels cannot overflow the call stack
 * here — it is caught before any recursive consumer (validation, provider conversion) sees it.
 */
export function schemaTooLarge(schema: unknown): string | undefined {
  const stack: Array<[value: unknown, depth: number]> = [[schema, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_SCHEMA_DEPTH) return `it nests more than ${MAX_SCHEMA_DEPTH} levels deep`;
    const children = Array.isArray(value) ? value : Object.values(value);
    nodes += children.length;
    if (nodes > MAX_SCHEMA_NODES) return `it has more than ${MAX_SCHEMA_NODES} values`;
    for (const child of children) stack.push([child, depth + 1]);
  }
  return undefined;
}
