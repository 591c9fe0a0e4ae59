// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { describe, expect, it } from "vitest";
import type { AgentFileInput } from "./agent-file.js";
import { AgentFileError } from "./agent-file-error.js";
import { ProblemList } from "./problem-list.js";
import { expandSlots, inputVariableName, resolveInputs, type TextSlot } from "./variables.js";

/** {@link expandSlots}, throwing the problems it found; returns the slots left unset. */
function expand(
  list: TextSlot[],
  options: Omit<Parameters<typeof expandSlots>[1], "problems">,
): TextSlot[] {
  const problems = new ProblemList();
  const unset = expandSlots(list, { ...options, problems });
  problems.throwAll();
  return unset;
}

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
      expand(slots({ url: "${HOST}/${PATH_PART}", token: "${HOST}" }), {
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
    expand(slots(values), {
      file: "f",
      lookup: () => undefined,
      warn: (_path, message) => warnings.push(message),
    });
    expect(values.arg).toBe("echo ${not a name}");
    expect(warnings[0]).toContain("${not a name} is not a variable reference");
  });
});

// The exact texts a person reads when a variable or an input is missing, and what is asked.
async function failure(run: () => unknown): Promise<AgentFileError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AgentFileError);
    return error as AgentFileError;
  }
  throw new Error("expected an AgentFileError");
}

describe("resolveInputs", () => {
  it("asks once per input, only for ${input:…}, and names one missing input in the singular", async () => {
    const asked: string[] = [];
    const error = await failure(() =>
      resolveInputs(
        slots({ a: "${input:pat} ${HOME} ${input:pat}", b: "${input:pat}" }),
        [input("pat", { description: "GitHub token" })],
        {
          file: "f",
          env: {},
          answer: (question) => {
            asked.push(question.id);
            return undefined;
          },
          located,
        },
      ),
    );
    expect(asked).toEqual(["pat"]);
    expect(error.code).toBe("INPUT_MISSING");
    expect(error.message).toContain(
      "needs an input and nobody can answer here (no terminal):\n  pat (GitHub token): set PAT=…",
    );
  });

  it("lists several missing inputs, each with its variable, in the plural", async () => {
    const error = await failure(() =>
      resolveInputs(
        slots({ a: "${input:one} ${input:two-x}" }),
        [input("one", { description: "" }), input("two-x", { description: "" })],
        {
          file: "f",
          env: {},
          located,
        },
      ),
    );
    expect(error.message).toContain(
      "needs these inputs and nobody can answer here (no terminal):\n  one: set ONE=…\n  two-x: set TWO_X=…",
    );
  });

  it("names an input that inputs does not declare, with an example", async () => {
    const error = await failure(() =>
      resolveInputs(slots({ a: "${input:nope}" }), [], { file: "f", env: {}, located }),
    );
    expect(error.code).toBe("INVALID");
    expect(error.message).toContain(
      'uses ${input:nope} but "inputs" declares no input with id "nope"',
    );
    expect(error.message).toContain('"inputs": [{ "type": "promptString", "id": "nope"');
  });
});

describe("expandSlots", () => {
  it("expands each slot, and warns only about ${…} that is no reference", () => {
    const values = { a: "${HOME}/x ${not a name} ${PORT:-80}", b: "plain" };
    const warnings: string[] = [];
    expand(slots(values), {
      file: "f",
      lookup: (name) => (name === "HOME" ? "/home/me" : undefined),
      warn: (path, message) => warnings.push(`${path.join(".")}: ${message}`),
    });
    expect(values).toEqual({ a: "/home/me/x ${not a name} 80", b: "plain" });
    expect(warnings).toEqual([
      "servers.s.a: ${not a name} is not a variable reference (a name is letters, digits and _, as in ${HOME}, ${PORT:-8080} or ${input:api-key}); it is kept as written",
    ]);
    // No warn callback: the same text expands without one.
    expand(slots({ c: "${not a name}" }), { file: "f", lookup: () => undefined });
  });

  it("returns the slots left holding an unset variable, as written, and no others", () => {
    const values = { a: "${TOKEN}", b: "${HOME}", c: "x" };
    const problems = new ProblemList();
    const unset = expandSlots(slots(values), {
      file: "f",
      lookup: (name) => (name === "HOME" ? "/home/me" : undefined),
      problems,
    });
    expect(unset.map((slot) => slot.path.at(-1))).toEqual(["a"]);
    expect(values).toEqual({ a: "${TOKEN}", b: "/home/me", c: "x" });
    expect(problems.size).toBe(1);
  });

  it("names one unset variable in the singular and several with their count", () => {
    const one = () => expand(slots({ a: "${TOKEN}" }), { file: "f", lookup: () => undefined });
    expect(() => one()).toThrow(
      "a variable is not set (TOKEN):\n  servers.s.a: ${TOKEN}\nSet it (an empty value counts as set), or give a default: ${NAME:-default}",
    );
    const two = () =>
      expand(slots({ a: "${A1} ${B2}", b: "${A1}" }), { file: "f", lookup: () => undefined });
    expect(() => two()).toThrow(
      "2 variables are not set (A1, B2):\n  servers.s.a: ${A1}\n  servers.s.a: ${B2}\n  servers.s.b: ${A1}\nSet them (an empty value counts as set), or give a default: ${NAME:-default}",
    );
  });
});
