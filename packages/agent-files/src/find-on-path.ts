import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Absolute path of an executable on `PATH`, or undefined. No shell is run. */
export function findOnPath(
  name: string,
  pathVariable = process.env.PATH ?? "",
): string | undefined {
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
