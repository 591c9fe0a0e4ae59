type Schema = Record<string, unknown>;

/** Keywords that only describe the schema document; dropped everywhere after refs are inlined. */
const metaKeywords = [
  "$schema",
  "$id",
  "$anchor",
  "$comment",
  "$defs",
  "definitions",
  "$dynamicAnchor",
];
/** Combinators that providers reject at the top level of a tool's parameters. */
const rootCombinators = ["anyOf", "oneOf", "allOf"] as const;

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Resolves a local JSON pointer (`#/$defs/Foo`, `#/definitions/Foo`, `#/properties/a`). */
function resolvePointer(root: Schema, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function inline(node: unknown, root: Schema, stack: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, root, stack));
  if (!isSchema(node)) return node;
  const ref = node.$ref;
  if (typeof ref === "string") {
    const { $ref: _ignored, ...siblings } = node;
    const target = resolvePointer(root, ref);
    const name = ref.split("/").pop() ?? ref;
    if (stack.includes(ref) || !isSchema(target)) {
      // A recursive or unresolvable reference: allow any value rather than send a dangling $ref.
      const why = stack.includes(ref)
        ? `recursive reference to ${name}`
        : `unresolved reference ${ref}`;
      const described =
        typeof siblings.description === "string" ? siblings.description : `(${why})`;
      return { ...(inline(siblings, root, stack) as Schema), description: described };
    }
    const resolved = inline(target, root, [...stack, ref]) as Schema;
    return { ...resolved, ...(inline(siblings, root, stack) as Schema) };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (metaKeywords.includes(key)) continue;
    // `properties` maps names to schemas; a property may itself be named like a keyword.
    if (key === "properties" && isSchema(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, inline(schema, root, stack)]),
      );
    } else {
      out[key] = inline(value, root, stack);
    }
  }
  return out;
}

/** Merges the object members of a top-level anyOf/oneOf/allOf into one object schema. */
function flattenRootCombinators(schema: Schema): Schema {
  let out = schema;
  for (const keyword of rootCombinators) {
    const members = out[keyword];
    if (!Array.isArray(members)) continue;
    const { [keyword]: _dropped, ...rest } = out;
    const properties: Schema = { ...(isSchema(rest.properties) ? rest.properties : {}) };
    const requiredSets: string[][] = [];
    for (const member of members.filter(isSchema)) {
      if (isSchema(member.properties)) Object.assign(properties, member.properties);
      requiredSets.push(Array.isArray(member.required) ? (member.required as string[]) : []);
    }
    const own = Array.isArray(rest.required) ? (rest.required as string[]) : [];
    // allOf: every member's required fields hold; anyOf/oneOf: only those every branch requires.
    const fromMembers =
      keyword === "allOf"
        ? requiredSets.flat()
        : (requiredSets[0] ?? []).filter((name) => requiredSets.every((set) => set.includes(name)));
    const required = [...new Set([...own, ...fromMembers])];
    out = { ...rest, properties, ...(required.length > 0 ? { required } : {}) };
    if (keyword !== "allOf" && typeof out.description !== "string") {
      out.description = "Accepts one of several argument shapes; see the tool description.";
    }
  }
  return out;
}

/**
 * Makes a tool's JSON Schema safe for every provider: local `$ref`s (to `$defs`,
 * `definitions` or any `#/…` pointer) are inlined, with recursive or unresolvable ones
 * replaced by an unconstrained schema; document keywords (`$schema`, `$id`, `$defs`,
 * `definitions`, `$comment`, `$anchor`) are dropped; top-level `anyOf`/`oneOf`/`allOf`
 * are merged into one object; `not` and `enum`/`const` at the top level are dropped; and
 * the root is always `{ "type": "object", "properties": {…} }`. Pure; the input is not changed.
 */
export function normalizeToolSchema(
  schema: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const root = isSchema(schema) ? schema : {};
  let out = flattenRootCombinators(inline(root, root, []) as Schema);
  const { not: _not, enum: _enum, const: _const, ...rest } = out;
  out = rest;
  if (out.type !== "object") {
    // A non-object root (or none) cannot describe named arguments: keep only object-level keywords.
    const { type: _type, items: _items, ...objectish } = out;
    out = { type: "object", ...objectish };
  }
  if (!isSchema(out.properties)) out.properties = {};
  return out;
}
