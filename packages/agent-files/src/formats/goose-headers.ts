/** `${NAME}` (spaces allowed inside the braces) or `$NAME`, as Goose's `substitute_env_vars`. */
const GOOSE_REFERENCE = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * An extension's header values by Goose's rule (`substitute_env_vars` in its
 * `extension_manager.rs`): a `${NAME}` or `$NAME` whose NAME is one of the extension's `envs`
 * or `env_keys` takes that value; any other reference stays as written (a `$NAME` also stays
 * when the same value spells `${NAME}`, as Goose does). An `envs` value goes in as its text; a
 * forwarded `env_keys` name goes in as `${NAME}` and joins `references`, to be read from the
 * environment. Goose expands nothing else in an extension.
 */
export function gooseHeaders(
  headers: Readonly<Record<string, string>>,
  envs: Readonly<Record<string, string>>,
  forwarded: ReadonlySet<string>,
  references: Set<string>,
): Record<string, string> {
  const variableValue = (name: string): string | undefined => {
    if (Object.hasOwn(envs, name)) return envs[name];
    if (!forwarded.has(name)) return undefined;
    references.add(name);
    return `\${${name}}`;
  };
  return Object.fromEntries(
    Object.entries(headers).map(([key, text]) => [
      key,
      text.replace(GOOSE_REFERENCE, (whole, braced?: string, bare?: string) => {
        if (braced !== undefined) return variableValue(braced) ?? whole;
        const name = bare ?? "";
        return text.includes(`\${${name}}`) ? whole : (variableValue(name) ?? whole);
      }),
    ]),
  );
}
