import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { providerPresets } from "@tinyloop/inference-adapters/presets";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { chooseProvider } from "./choose-provider.js";
import * as names from "./provider-names.js";
import { readAgentFile } from "./read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tinyloop-provider-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function readError(name: string, text: string): Promise<AgentFileError> {
  writeFileSync(join(dir, name), text);
  const error = await readAgentFile(join(dir, name), { env: {} }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!AgentFileError.isInstance(error))
    throw new Error(`expected an AgentFileError, got ${error}`);
  return error;
}

describe("provider names", () => {
  it("are the presets, the own adapters and the Hugging Face router's, each once", () => {
    expect(names.tinyloopProviders()).toEqual([
      ...Object.keys(providerPresets),
      "anthropic",
      "local",
      "replay",
    ]);
    expect(names.routerOnlyProviders()).toContain("nebius");
    expect(names.routerOnlyProviders()).not.toContain("openai");
    expect(new Set(names.knownProviders()).size).toBe(names.knownProviders().length);
    for (const name of names.HUGGING_FACE_ROUTER_PROVIDERS)
      expect(names.unknownProviderProblem(name)).toBeUndefined();
    expect(names.unknownProviderProblem("Groq")).toBeUndefined();
    expect(names.unknownProviderProblem("llama-cpp")).toBeUndefined();
  });

  it("guesses the close one: opnai → openai, antropic → anthropic, nebuis → nebius", () => {
    expect(names.unknownProviderProblem("opnai")?.suggestion).toBe("openai");
    expect(names.unknownProviderProblem("antropic")?.suggestion).toBe("anthropic");
    expect(names.unknownProviderProblem("nebuis")?.suggestion).toBe("nebius");
    expect(names.unknownProviderProblem("something-else")).not.toHaveProperty("suggestion");
  });

  it("a router provider still goes through the router", () => {
    expect(chooseProvider({ provider: "cerebras", model: "m" }, {})).toMatchObject({
      provider: "huggingface",
      model: "m:cerebras",
    });
  });
});

describe("an agent file naming a provider tinyloop does not know", () => {
  it("is an error at the key, with a did-you-mean and an example of the right name", async () => {
    const error = await readError(
      "agent.json",
      '{\n  "model": "gpt-4o-mini",\n  "provider": "opnai",\n  "servers": []\n}',
    );
    expect(error.code).toBe("INVALID");
    expect(error.path).toBe("provider");
    expect(error.line).toBe(3);
    const [head] = error.message.split("\n");
    expect(head).toMatch(
      /^.*agent\.json:3:\d+: provider: expected a provider tinyloop knows \(openai, .*\) or one the Hugging Face router serves \(.*nebius.*\), got a string \("opnai"\); did you mean openai\?$/,
    );
    expect(error.message).toContain('example: "provider": "openai"');
  });

  it("points into the format's own keys (Hermes' model.provider)", async () => {
    const error = await readError(
      "config.yaml",
      "model:\n  default: gpt-4o\n  provider: opnai\nmcp_servers: {}\n",
    );
    expect(error.path).toBe("model.provider");
    expect(error.line).toBe(3);
  });

  it("takes any name beside an endpointUrl: it labels that server", async () => {
    writeFileSync(
      join(dir, "labelled.json"),
      '{ "model": "m", "provider": "mycorp", "endpointUrl": "http://127.0.0.1:1/v1", "servers": [] }',
    );
    await expect(readAgentFile(join(dir, "labelled.json"), { env: {} })).resolves.toMatchObject({
      provider: "mycorp",
    });
  });
});
