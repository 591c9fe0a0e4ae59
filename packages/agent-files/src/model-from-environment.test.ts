import { describe, expect, it } from "vitest";
import type { AgentFile } from "./agent-file.js";
import { chooseProvider } from "./choose-provider.js";
import { withModelFromEnvironment } from "./model-from-environment.js";

const agent = (keys: Partial<AgentFile> = {}): AgentFile => ({
  format: "mcp-servers",
  name: "a",
  servers: [],
  inputs: [],
  warnings: [],
  ...keys,
});

describe("withModelFromEnvironment", () => {
  it("takes MODEL_ID and PROVIDER for a file that names no model (the Hugging Face router with HF_TOKEN)", () => {
    const env = { MODEL_ID: "Qwen/Qwen3-32B", PROVIDER: "nebius", HF_TOKEN: "hf_x", API_KEY: "k" };
    const result = withModelFromEnvironment(agent(), env);
    expect(result).toMatchObject({ model: "Qwen/Qwen3-32B", provider: "nebius" });
    expect(result.apiKey).toBeUndefined();
    expect(chooseProvider(result, env)).toMatchObject({
      provider: "huggingface",
      model: "Qwen/Qwen3-32B:nebius",
      apiKeyEnv: "HF_TOKEN",
    });
  });

  it("sends API_KEY to ENDPOINT_URL, else BASE_URL", () => {
    const env = { MODEL_ID: "llama", BASE_URL: "http://b/v1", API_KEY: "k", HF_TOKEN: "hf" };
    expect(withModelFromEnvironment(agent(), env)).toMatchObject({
      endpointUrl: "http://b/v1",
      apiKey: "k",
    });
    expect(
      withModelFromEnvironment(agent(), { ...env, ENDPOINT_URL: "http://e/v1" }).endpointUrl,
    ).toBe("http://e/v1");
  });

  it("leaves a file that names a model alone, and keeps the keys a file sets", () => {
    const named = agent({ model: "gpt-4o" });
    expect(withModelFromEnvironment(named, { MODEL_ID: "other", PROVIDER: "groq" })).toBe(named);
    expect(
      withModelFromEnvironment(agent({ provider: "ollama" }), {
        MODEL_ID: "qwen3",
        PROVIDER: "groq",
      }),
    ).toMatchObject({ provider: "ollama", model: "qwen3" });
  });

  it("leaves a BASE_URL that is no http(s) URL alone (Vite sets BASE_URL=/)", () => {
    expect(withModelFromEnvironment(agent(), { BASE_URL: "/" })).toEqual(agent());
    expect(withModelFromEnvironment(agent(), { BASE_URL: "HTTPS://h/v1" }).endpointUrl).toBe(
      "HTTPS://h/v1",
    );
  });

  it("counts empty variables as unset", () => {
    expect(withModelFromEnvironment(agent(), { MODEL_ID: "", PROVIDER: "" })).toEqual(agent());
  });
});
