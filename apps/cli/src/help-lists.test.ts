import { chooseProvider, MODEL_ENVIRONMENT_VARIABLES } from "@tinyloop/agent-files";
import { describe, expect, it } from "vitest";
import { environmentHelp, exitCodesHelp, PROVIDER_NAMES, providerHelp } from "./help-lists.js";
import { EXIT } from "./io.js";

describe("the lists --help prints", () => {
  it.each(PROVIDER_NAMES)("provider %s is one the CLI really picks by that name", (name) => {
    const plan = chooseProvider({ provider: name, model: "m" }, {});
    const picked = plan.kind === "openai-compatible" ? plan.provider : plan.kind;
    // An unknown name would be routed through Hugging Face as "m:<name>" instead.
    expect(picked).toBe(name);
    if (plan.kind === "openai-compatible") expect(plan.model).toBe("m");
  });

  it("names every provider, replay included", () => {
    for (const name of ["openai", "anthropic", "ollama", "local", "replay"])
      expect(providerHelp()).toContain(name);
  });

  it("lists every exit code in order, 143 included", () => {
    const text = exitCodesHelp();
    expect(text).toBe(
      "Exit codes: 0 done, 1 model/run error, 2 config or usage error, 3 max turns, 4 a tool call denied with nobody to approve it, 130 Ctrl+C, 143 SIGTERM or the terminal closed.",
    );
    for (const code of Object.values(EXIT)) expect(text).toContain(` ${code} `);
  });

  it.each(MODEL_ENVIRONMENT_VARIABLES)(
    "lists the model variable %s, and PORT for serve only",
    (name) => {
      expect(environmentHelp()).toMatch(new RegExp(`\\b${name}\\b`));
      expect(environmentHelp()).not.toContain("PORT");
      expect(environmentHelp({ serve: true })).toContain("PORT ");
    },
  );
});
