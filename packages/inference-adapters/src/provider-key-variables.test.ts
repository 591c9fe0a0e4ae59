import { describe, expect, it } from "vitest";
import { isProviderKeyVariable, PROVIDER_KEY_VARIABLES } from "./provider-key-variables.js";

describe("isProviderKeyVariable", () => {
  it("knows every preset's key variable, the <PRESET>_API_KEY names and Anthropic's", () => {
    for (const name of ["OPENAI_API_KEY", "HF_TOKEN", "GROQ_API_KEY", "ANTHROPIC_API_KEY"]) {
      expect(isProviderKeyVariable(name)).toBe(true);
    }
    expect(isProviderKeyVariable("huggingface_api_key")).toBe(true);
    expect(PROVIDER_KEY_VARIABLES).toContain("OPENROUTER_API_KEY");
  });
  it("leaves other variables alone", () => {
    for (const name of ["TINYLOOP_SERVE_KEY", "SERVE_KEY", "MY_API_KEY"]) {
      expect(isProviderKeyVariable(name)).toBe(false);
    }
  });
});
