// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { describe, expect, it } from "vitest";
import type { AgentFileInput } from "./agent-file.js";
import { AgentFileError } from "./agent-file-error.js";
import { expandSlots, inputVariableName, resolveInputs, type TextSlot } from "./variables.js";

function slots(values: Record<string, string>): TextSlot[] {
  return Object.keys(values).map((key) => ({
    path: ["servers", "s", key],
    get: () => values[key] ?? "",
    set: (v) => {
      values[key] = v;
    },
  }));
}
const input = (id: string, extra: Partial<AgentFileInput> = {}): AgentFileInput => ({
  id,
  description: id,
  password: false,
  optional: false,
  ...extra,
});
const located = () => ({});

describe("inputVariableName", () => {
  it("upper-cases and turns other characters into _", () => {
    expect(inputVariableName("github-token")).toBe("GITHUB_TOKEN");
    expect(inputVariableName("hf.token")).toBe("HF_TOKEN");
  });
});

describe("resolveInputs", () => {
  it("takes a given value before the variable, and an empty variable counts as set", async () => {
    const values = await resolveInputs(
      slots({ a: "${input:given} ${input:from-env}" }),
      [input("given"), input("from-env")],
      { file: "f", env: { GIVEN: "env", FROM_ENV: "" }, answer: { given: "g" }, located },
    );
    expect(Object.fromEntries(values)).toEqual({ given: "g", "from-env": "" });
  });

  it("asks a person only when the variable is unset, accepts an empty answer, then the default", async () => {
    const asked: string[] = [];
    const values = await resolveInputs(
      slots({ a: "${input:from-env} ${input:asked} ${input:defaulted}" }),
      [input("from-env"), input("asked"), input("defaulted", { default: "d" })],
      {
        file: "f",
        env: { FROM_ENV: "e" },
        answer: (i) => {
          asked.push(i.id);
          return i.id === "asked" ? "" : undefined;
        },
        located,
      },
    );
    expect(asked).toEqual(["asked", "defaulted"]);
    expect(Object.fromEntries(values)).toEqual({ "from-env": "e", asked: "", defaulted: "d" });
  });

  it("lets an optional input stay empty where nobody can answer", async () => {
    const values = await resolveInputs(
      slots({ a: "${input:proxy}" }),
      [input("proxy", { optional: true })],
      {
        file: "f",
        env: {},
        located,
      },
    );
    expect(values.get("proxy")).toBe("");
  });

  it("names every input nobody answered, with its variable", async () => {
    const error = await resolveInputs(
      slots({ a: "${input:one}", b: "${input:two}" }),
      [input("one"), input("two")],
      { file: "f", env: {}, located },
    ).catch((e: unknown) => e);
    expect(AgentFileError.isInstance(error) && error.code).toBe("INPUT_MISSING");
    expect((error as Error).message).toContain("one (one): set ONE=…");
    expect((error as Error).message).toContain("two (two): set TWO=…");
  });
});

describe("expandSlots", () => {
  it("lists every unset variable with where it is used, once per use", () => {
    let error: unknown;
    try {
      expandSlots(slots({ url: "${HOST}/${PATH_PART}", token: "${HOST}" }), {
        file: "f",
        lookup: () => undefined,
      });
    } catch (e) {
      error = e;
    }
    expect(AgentFileError.isInstance(error) && error.code).toBe("VARIABLE_UNSET");
    expect((error as Error).message).toContain("2 variables are not set (HOST, PATH_PART)");
    expect((error as Error).message).toContain("servers.s.url: ${PATH_PART}");
    expect((error as Error).message).toContain("servers.s.token: ${HOST}");
  });

  it("warns about ${…} that is no reference and keeps it", () => {
    const values = { arg: "echo ${not a name}" };
    const warnings: string[] = [];
    expandSlots(slots(values), {
      file: "f",
      lookup: () => undefined,
      warn: (_path, message) => warnings.push(message),
    });
    expect(values.arg).toBe("echo ${not a name}");
    expect(warnings[0]).toContain("${not a name} is not a variable reference");
  });
});
