/**
 * Whether `DEBUG` names tinyloop, read as the `debug` package and tiny-agents read it: a list
 * of names split by commas or spaces, `*` matching anything, a leading `-` excluding
 * (`DEBUG=tinyloop`, `DEBUG=*`, `DEBUG=tinyloop*,mcp`; not `DEBUG=*,-tinyloop`).
 */
export function debugNamesTinyloop(value: string | undefined): boolean {
  let on = false;
  for (const pattern of (value ?? "").split(/[\s,]+/).filter(Boolean)) {
    const excluded = pattern.startsWith("-");
    const glob = excluded ? pattern.slice(1) : pattern;
    const regex = new RegExp(
      `^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`,
    );
    if (!regex.test("tinyloop")) continue;
    if (excluded) return false;
    on = true;
  }
  return on;
}
