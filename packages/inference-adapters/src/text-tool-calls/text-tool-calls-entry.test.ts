import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImportGraph } from "../__fixtures__/static-import-graph.js";

const here = dirname(fileURLToPath(import.meta.url));

describe("the text-tool-calls entry", () => {
  it("loads the parsers, formats and wrapper, the error class, the result-text helper and the buffered-events symbol: no HTTP, stream or adapter code, no package but the dependency-free errors", async () => {
    const { files, packages } = await staticImportGraph(join(here, "index.ts"));
    const names = [...files].map((file) => file.slice(join(here, "..").length + 1));
    expect(names.filter((name) => !name.startsWith("text-tool-calls/")).sort()).toEqual([
      "buffered-events.ts",
      "inference-error.ts",
      "messages/describe-content-block.ts",
    ]);
    expect(names).toContain("text-tool-calls/formats/hermes.ts");
    expect([...packages]).toEqual(["@tinyloop/errors"]); // dependency-free
  });
});
