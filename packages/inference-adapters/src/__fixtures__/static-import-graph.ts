import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Every module `entry` reaches through static imports that are not type-only (what loading
 * it runs), and the bare package specifiers those modules name. For tests that hold an
 * entry point to what it may load.
 */
export async function staticImportGraph(
  entry: string,
): Promise<{ files: Set<string>; packages: Set<string> }> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)) {
      if (/^(?:import|export)\s+type\s/.test(match[0].trim())) continue;
      const specifier = match[1] as string;
      if (specifier.startsWith("."))
        pending.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}
