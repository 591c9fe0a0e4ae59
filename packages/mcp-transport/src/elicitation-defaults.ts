/** The flat object schema of a form elicitation (the parts read here). */
interface FormSchema {
  properties?: Record<string, { default?: unknown } | undefined>;
}

type Content = Record<string, string | number | boolean | string[]>;

/**
 * SEP-1034: every field of the requested schema that the answer leaves out, and that has a
 * `default`, gets the default. Fields the answer sets are kept as they are.
 *
 * @example
 * applyElicitationDefaults({ properties: { age: { type: "integer", default: 30 } } }, {}) // { age: 30 }
 */
export function applyElicitationDefaults(schema: unknown, content: Content | undefined): Content {
  const filled: Content = { ...(content ?? {}) };
  const properties = (schema as FormSchema | undefined)?.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    if (filled[name] === undefined && property && property.default !== undefined) {
      filled[name] = property.default as Content[string];
    }
  }
  return filled;
}
