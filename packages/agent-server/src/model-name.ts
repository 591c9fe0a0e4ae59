/** The id a server answers as when it has no name to go by. */
const FALLBACK = "tinyloop-agent";

/**
 * A valid `modelName` (the id `GET /v1/models` lists) made from any name, such as an agent's:
 * each run of characters other than letters, digits, `_`, `.` and `-` becomes one `-`,
 * leading and trailing `-` and `.` go, and it is cut to 64 characters. A name with nothing
 * left (or none) gives `tinyloop-agent`.
 *
 * ```ts
 * modelNameFor("My Agent (v2)"); // "My-Agent-v2"
 * ```
 */
export function modelNameFor(name: string | undefined): string {
  const clean = (name ?? "").replace(/[^\w.-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return clean ? clean.slice(0, 64) : FALLBACK;
}
