// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import { describe, expect, it } from "vitest";
import { expandVariables, listVariables } from "./expand-variables.js";

const vars: Record<string, string> = { TOKEN: "s3cret", EMPTY: "", "input:api-key": "k" };
const lookup = (name: string) => vars[name];

describe("expandVariables", () => {
  it("expands plain, defaulted and namespaced references and leaves bare $VAR alone", () => {
    expect(
      expandVariables("${TOKEN} ${NOPE:-d} ${input:api-key} $TOKEN ${EMPTY:-dev}", lookup),
    ).toEqual({ value: "s3cret d k $TOKEN dev", missing: [] });
  });

  it("counts a set but empty variable as set", () => {
    expect(expandVariables("[${EMPTY}]", lookup)).toEqual({ value: "[]", missing: [] });
  });

  it("lists every unset reference, not only the first", () => {
    expect(expandVariables("${A}/${B}/${input:x}", lookup)).toEqual({
      value: "${A}/${B}/${input:x}",
      missing: ["${A}", "${B}", "${input:x}"],
    });
  });

  it("lists references with their defaults", () => {
    expect(listVariables("${A} ${B:-1} ${input:id}")).toEqual([
      { reference: "A" },
      { reference: "B", fallback: "1" },
      { reference: "input:id" },
    ]);
  });
});
