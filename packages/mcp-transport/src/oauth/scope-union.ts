/**
 * The union of space-separated OAuth `scope` values, each scope once, in the order first
 * given; `undefined` when there is none. A step-up asks for the union of the scopes held and
 * the scopes the server wants (SEP-2350), so no scope granted before is lost.
 */
export function unionScopes(...scopes: (string | null | undefined)[]): string | undefined {
  const all = new Set(scopes.flatMap((scope) => (scope ?? "").split(" ").filter(Boolean)));
  return all.size > 0 ? [...all].join(" ") : undefined;
}
