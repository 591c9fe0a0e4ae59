import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const noKeys = {
  OPENAI_API_KEY: "",
  ANTHROPIC_API_KEY: "",
  TOGETHER_API_KEY: "",
  GROQ_API_KEY: "",
  API_KEY: "",
  HF_TOKEN: "",
};

describe("a tiny-agents file's provider goes through the Hugging Face router (HF_ROUTER_URL = a scripted router)", () => {
  it.each([
    ["nebius", "Qwen/Qwen3-32B:nebius", "nebius through the Hugging Face router with HF_TOKEN)"],
    [
      "together",
      "Qwen/Qwen3-32B:together",
      "together through the Hugging Face router with HF_TOKEN; TOGETHER_API_KEY is not set)",
    ],
    [
      "groq",
      "Qwen/Qwen3-32B:groq",
      "groq through the Hugging Face router with HF_TOKEN; GROQ_API_KEY is not set)",
    ],
    [
      "openai",
      "Qwen/Qwen3-32B:openai",
      "openai through the Hugging Face router with HF_TOKEN; OPENAI_API_KEY is not set)",
    ],
    ["auto", "Qwen/Qwen3-32B", "model: huggingface Qwen/Qwen3-32B\n"],
  ])(
    "provider %s: the router gets model %s with HF_TOKEN, and the start line says so",
    async (provider, model, startLine) => {
      const router = await s.withModel([{ text: `answer via ${provider}` }]);
      s.ws.write({
        "agent/agent.json": json({ provider, model: "Qwen/Qwen3-32B", servers: [s.ws.fixture()] }),
      });
      const r = await runCli(["agent", "-p", "hi"], {
        cwd: s.ws.dir,
        env: { ...noKeys, HF_TOKEN: "hf_router_token", HF_ROUTER_URL: router.baseURL },
      });
      expect(r.stderr).toContain(startLine);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(`answer via ${provider}`);
      const request = router.requests[0];
      expect(request?.path).toBe("/v1/chat/completions");
      expect(request?.headers.authorization).toBe("Bearer hf_router_token");
      expect((request?.body as { model?: string } | undefined)?.model).toBe(model);
    },
  );

  it("with the provider's own key variable set, it goes to that provider's API (never the router)", async () => {
    const router = await s.withModel([]);
    s.ws.write({
      "agent/agent.json": json({ provider: "together", model: "m", servers: [s.ws.fixture()] }),
    });
    const r = await runCli(["config", "check", "agent"], {
      cwd: s.ws.dir,
      env: { ...noKeys, HF_TOKEN: "hf", TOGETHER_API_KEY: "tk", HF_ROUTER_URL: router.baseURL },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("together m (direct to together's API: TOGETHER_API_KEY is set)");
  });

  it("--provider on the command line keeps tinyloop's meaning (the preset)", async () => {
    s.ws.write({ "agent/agent.json": json({ provider: "nebius", model: "m", servers: [] }) });
    const r = await runCli(["config", "check", "agent", "--provider", "together"], {
      cwd: s.ws.dir,
      env: { ...noKeys, HF_TOKEN: "hf" },
    });
    expect(r.stdout).toMatch(/"model": "together m"/);
  });
});

describe("a tiny-agents endpointUrl: tiny-agents' /v1 rule, key from API_KEY, then HF_TOKEN", () => {
  it.each([
    [
      "API_KEY and HF_TOKEN set",
      { API_KEY: "api_key_value", HF_TOKEN: "hf_value" },
      "api_key_value",
    ],
    ["only HF_TOKEN set", { HF_TOKEN: "hf_value" }, "hf_value"],
  ])(
    "%s: the endpoint without /v1 gets /v1/chat/completions and that key",
    async (_, keys, key) => {
      const model = await s.withModel([{ text: "endpoint answer" }]);
      s.ws.write({
        "agent/agent.json": json({
          model: "scripted",
          endpointUrl: model.url,
          servers: [s.ws.fixture()],
        }),
      });
      const r = await runCli(["agent", "-p", "hi"], { cwd: s.ws.dir, env: { ...noKeys, ...keys } });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain("endpoint answer");
      expect(model.requests[0]?.path).toBe("/v1/chat/completions");
      expect(model.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);
    },
  );
});
