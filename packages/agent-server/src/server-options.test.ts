import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { AgentServerError } from "./agent-server-error.js";
import { apiKeyFromEnv } from "./api-key-from-env.js";
import { createAgentServer } from "./create-agent-server.js";
import { checkServerOptions } from "./server-options.js";

const model = createReplayModel({ cassette: [] });
const registry = new ToolRegistry();

describe("createAgentServer options", () => {
  it("refuses a non-loopback host without an API key", () => {
    const attempt = () => createAgentServer({ model, registry, host: "0.0.0.0" });
    expect(attempt).toThrow(AgentServerError);
    expect(attempt).toThrow(/refusing to listen on 0\.0\.0\.0 without an API key/);
    try {
      attempt();
    } catch (error) {
      expect(AgentServerError.isInstance(error) && error.code).toBe("KEY_REQUIRED");
    }
    expect(() =>
      createAgentServer({ model, registry, host: "0.0.0.0", apiKey: "a-long-enough-key" }),
    ).not.toThrow();
  });

  it("names the option, what was expected and an example", () => {
    expect(() => createAgentServer({ model, registry, port: 70_000 })).toThrow(
      /port: expected a whole number from 0 to 65535, got a number \(70000\) \(example: port: 8787\)/,
    );
    expect(() => createAgentServer({ model, registry, maxConcurrency: 0 })).toThrow(
      /maxConcurrency/,
    );
    expect(() => createAgentServer({ model, registry, apiKey: "short" })).toThrow(
      /apiKey: expected a key of at least 8 characters without spaces, got a string \(value not shown\)/,
    );
    expect(() => createAgentServer({ model, registry, modelName: "has space" })).toThrow(
      /modelName/,
    );
    expect(() => createAgentServer({ model, registry, toolSearch: "sometimes" as never })).toThrow(
      /toolSearch: expected "auto", "always" or "never", got a string \("sometimes"\) \(example: toolSearch: "auto"\)/,
    );
    expect(() => createAgentServer({ model: {} as never, registry })).toThrow(
      /model: expected a ChatModel/,
    );
  });

  it("checkServerOptions refuses what createAgentServer would, without a model or registry", () => {
    const open = () => checkServerOptions({ host: "0.0.0.0" });
    expect(open).toThrow(
      "refusing to listen on 0.0.0.0 without an API key: anyone who can reach that address could run the agent and its tools; give an apiKey, or listen on 127.0.0.1",
    );
    // The embedding program says how its user gives the key.
    const hinted = () =>
      checkServerOptions({
        host: "0.0.0.0",
        hints: { giveApiKey: "export KEY and add --key KEY" },
      });
    expect(hinted).toThrow(/give an apiKey \(export KEY and add --key KEY\), or listen on/);
    expect(() => checkServerOptions({ port: -1 })).toThrow(/port: expected a whole number/);
    expect(() => checkServerOptions({ modelName: "a b" })).toThrow(/modelName/);
    expect(() =>
      checkServerOptions({ host: "0.0.0.0", apiKey: "a-long-enough-key", port: 0 }),
    ).not.toThrow();
  });

  it("apiKeyFromEnv names the variable when it is unset, empty or too weak", () => {
    const codeOf = (env: Record<string, string | undefined>) => {
      try {
        apiKeyFromEnv("SERVE_KEY", env);
        return "no error";
      } catch (error) {
        return AgentServerError.isInstance(error) ? error.code : String(error);
      }
    };
    expect(codeOf({})).toBe("KEY_INVALID");
    expect(codeOf({ SERVE_KEY: "" })).toBe("KEY_INVALID");
    expect(codeOf({ SERVE_KEY: "short" })).toBe("KEY_INVALID");
    expect(codeOf({ SERVE_KEY: "has a space in it" })).toBe("KEY_INVALID");
    expect(() => apiKeyFromEnv("SERVE_KEY", {})).toThrow(
      "SERVE_KEY: the variable is not set or empty; export SERVE_KEY=<a long random key>",
    );
    expect(() => apiKeyFromEnv("SERVE_KEY", { SERVE_KEY: "short" })).toThrow(
      "SERVE_KEY: the key must have at least 8 characters and no spaces",
    );
  });

  it("apiKeyFromEnv names the caller's setting and where the model's key goes, as hinted", () => {
    const hints = { setting: "--key-env", modelKeySetting: "--model-key-env" };
    expect(() => apiKeyFromEnv("SERVE_KEY", {}, hints)).toThrow(
      /^--key-env SERVE_KEY: the variable is not set or empty; .*; the model's key is --model-key-env$/,
    );
    expect(() => apiKeyFromEnv("OPENAI_API_KEY", {}, hints)).toThrow(
      /^--key-env OPENAI_API_KEY: this variable holds a model provider's key, .*; the model's key is --model-key-env OPENAI_API_KEY$/,
    );
  });

  it("apiKeyFromEnv refuses a variable that holds a model provider's key, set or not", () => {
    for (const name of ["OPENAI_API_KEY", "HF_TOKEN", "ANTHROPIC_API_KEY", "groq_api_key"]) {
      expect(() => apiKeyFromEnv(name, { [name]: "sk-provider-secret-123" })).toThrow(
        `${name}: this variable holds a model provider's key, and the server's key is given to every client; give the server a key of its own (example: export TINYLOOP_SERVE_KEY=$(openssl rand -hex 24), then name TINYLOOP_SERVE_KEY)`,
      );
    }
  });

  it("serves with the key apiKeyFromEnv read, and only with it", async () => {
    const apiKey = apiKeyFromEnv("SERVE_KEY", { SERVE_KEY: "key-from-the-environment" });
    const server = createAgentServer({ model, registry, apiKey, port: 0 });
    const url = await server.listen();
    const models = (key: string) =>
      fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect((await models("key-from-the-environment")).status).toBe(200);
    expect((await models("another-key-123")).status).toBe(401);
    expect(server.apiKeyGenerated).toBe(false);
    await server.close();
  });

  it("says when the port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as AddressInfo;
    const server = createAgentServer({ model, registry, port });
    const failure = await server.listen().catch((error: unknown) => error);
    expect(AgentServerError.isInstance(failure) && failure.code).toBe("LISTEN_FAILED");
    expect((failure as Error).message).toMatch(
      /cannot listen on 127\.0\.0\.1:\d+: the port is already in use/,
    );
    await server.close();
    await new Promise((resolve) => blocker.close(resolve));
  });
});
