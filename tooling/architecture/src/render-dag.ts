import type { Layers } from "./layers.js";

/** The markers around the DAG block in ARCHITECTURE.md; the text between them is generated. */
export const dagStart = "<!-- dag: generated from tooling/architecture/layers.json -->";
export const dagEnd = "<!-- /dag -->";

/**
 * The DAG as ARCHITECTURE.md shows it: one row per package, `name ──► what its source may use
 * (tests also: what its tests may use besides)`, in the order layers.json lists them.
 */
export function renderDag(layers: Layers): string {
  const listed = (names: string[]) =>
    names.map((name, i) => (i < names.length - 1 ? `${name},` : name));
  const rows = Object.entries(layers.packages).map(([key, layer]) => {
    const words = layer.uses.length ? listed(layer.uses) : ["—"];
    const tests = listed(layer.testsAlsoUse ?? []);
    if (tests.length > 0) {
      tests[0] = `(tests also: ${tests[0]}`;
      tests[tests.length - 1] = `${tests.at(-1)})`;
    }
    return { left: key, words: [...words, ...tests] };
  });
  rows.push({ left: "(every package's tests)", words: listed(layers.testTooling) });
  const width = Math.max(...rows.map((row) => row.left.length));
  const lines: string[] = [];
  for (const row of rows) {
    let line = `${row.left.padEnd(width)} ──► `;
    const indent = " ".repeat(line.length);
    for (const word of row.words) {
      if (line.length + word.length > dagWidth && line.length > indent.length) {
        lines.push(line.trimEnd());
        line = indent;
      }
      line += `${word} `;
    }
    lines.push(line.trimEnd());
  }
  return ["```", ...lines, "```"].join("\n");
}

const dagWidth = 96;

/** The page with its DAG block replaced by `block`; throws when the markers are missing. */
export function replaceDagBlock(page: string, block: string): string {
  const start = page.indexOf(dagStart);
  const end = page.indexOf(dagEnd);
  if (start < 0 || end < start) {
    throw new Error(`ARCHITECTURE.md: expected the DAG between "${dagStart}" and "${dagEnd}"`);
  }
  return `${page.slice(0, start + dagStart.length)}\n${block}\n${page.slice(end)}`;
}

/** The DAG block the page holds now, or undefined without markers. */
export function dagBlockOf(page: string): string | undefined {
  const start = page.indexOf(dagStart);
  const end = page.indexOf(dagEnd);
  if (start < 0 || end < start) return undefined;
  return page.slice(start + dagStart.length, end).trim();
}
