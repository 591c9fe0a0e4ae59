// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes

/**
 * `${NAME}`, `${NAME:-default}` and namespaced `${ns:ID}` (`${input:api-key}`, `${env:HOME}`).
 * A namespaced id never starts with `-`, so `${NAME:-x}` is always a default.
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z0-9_.][A-Za-z0-9_.-]*)?)(?::-([^}]*))?\}/g;

/** What {@link expandVariables} made of one string. */
export interface ExpandedText {
  /** The string with every resolved reference replaced; unresolved ones stay as written. */
  value: string;
  /** References nothing answered and that have no default, as written (`${GITHUB_TOKEN}`). */
  missing: string[];
}

/**
 * The one `${VAR}` expander of tinyloop (the transport's `interpolate` and
 * @tinyloop/agent-files both use it). `lookup` gets the reference: `GITHUB_TOKEN`, or a
 * namespaced one such as `input:api-key`. A value that is set but empty counts as set;
 * `${NAME:-default}` uses the default when the value is unset or empty (as a shell does).
 * Bare `$VAR` is left alone.
 */
export function expandVariables(
  text: string,
  lookup: (reference: string) => string | undefined,
): ExpandedText {
  const missing: string[] = [];
  if (!text.includes("${")) return { value: text, missing };
  const value = text.replace(REFERENCE, (whole, reference: string, fallback?: string) => {
    const found = lookup(reference);
    if (fallback !== undefined && (found === undefined || found === "")) return fallback;
    if (found !== undefined) return found;
    missing.push(whole);
    return whole;
  });
  return { value, missing };
}

/** Every reference in `text` (`GITHUB_TOKEN`, `input:api-key`), in order, with its default. */
export function listVariables(text: string): Array<{ reference: string; fallback?: string }> {
  if (!text.includes("${")) return [];
  return [...text.matchAll(REFERENCE)].map((match) => ({
    reference: match[1] ?? "",
    ...(match[2] !== undefined ? { fallback: match[2] } : {}),
  }));
}
