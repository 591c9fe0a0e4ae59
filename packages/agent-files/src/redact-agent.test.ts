import { describe, expect, it } from "vitest";
import type { AgentFile } from "./agent-file.js";
import { redactAgent, redactArgs } from "./redact-agent.js";

describe("redactArgs", () => {
  it("masks the value after a secret-looking flag, in both spellings", () => {
    expect(
      redactArgs([
        "--token",
        "t1",
        "--api-key=k1",
        "--db-path",
        "/x.db",
        "-y",
        "--access-token",
        "t2",
      ]),
    ).toEqual([
      "--token",
      "***",
      "--api-key=***",
      "--db-path",
      "/x.db",
      "-y",
      "--access-token",
      "***",
    ]);
  });
});

describe("redactAgent", () => {
  it("masks the key, headers, secret env names, URL user info and query values", () => {
    const agent: AgentFile = {
      format: "mcp-servers",
      name: "a",
      apiKey: "sk",
      servers: [
        {
          name: "s",
          path: [],
          config: {
            type: "stdio",
            command: "x",
            args: ["--pat", "p"],
            env: { GITHUB_TOKEN: "g", MODE: "dev" },
          },
          enabled: true,
          autoApprove: [],
        },
        {
          name: "h",
          path: [],
          config: { url: "https://u:pw@h.example/mcp?key=1&team=2", headers: { "X-Any": "v" } },
          enabled: false,
          disabledReason: "disabled in the file",
          autoApprove: ["t"],
        },
      ],
      inputs: [],
      warnings: [],
    };
    expect(redactAgent(agent)).toMatchObject({
      apiKey: "***",
      servers: [
        { args: ["--pat", "***"], env: { GITHUB_TOKEN: "***", MODE: "dev" } },
        {
          url: "https://***:***@h.example/mcp?key=***&team=***",
          headers: { "X-Any": "***" },
          enabled: false,
          disabledReason: "disabled in the file",
          autoApprove: ["t"],
        },
      ],
    });
  });
});

describe("redactAgent, every field", () => {
  /** The agent's settings that are no secret, each set to a value other than its default. */
  const settings = {
    maxTurns: 7,
    toolConcurrency: 3,
    toolCallFormat: "hermes",
    reasoning: { effort: "high" },
    approval: "never",
    endWhen: "two-texts",
  } as const;

  /** An agent with every field set, the secrets in it and each non-secret value to keep. */
  function everyField(): AgentFile {
    return {
      format: "tiny-agents",
      file: "/agents/a/agent.json",
      name: "a",
      model: "m-1",
      provider: "openai",
      endpointUrl: "https://me:pw@llm.example/v1?key=sk-1",
      apiKey: "sk-2",
      systemPrompt: "Be brief.",
      promptFile: "/agents/a/PROMPT.md",
      ...settings,
      servers: [
        {
          name: "fs",
          path: [],
          config: { command: "npx", env: { API_TOKEN: "", PLAIN: "" } },
          enabled: true,
          agent: "/agents/researcher",
          tools: { include: ["read"] },
          autoApprove: ["read"],
          lazy: false,
          alwaysLoad: false,
        },
        {
          name: "web",
          path: [],
          config: {
            url: "https://h.example/mcp",
            headers: { Authorization: "Bearer t", Empty: "" },
          },
          enabled: true,
          autoApprove: [],
        },
      ],
      inputs: [],
      warnings: [],
    };
  }

  // Strict: a field that is not set is left out, not written as `undefined`.
  it("keeps each setting that is not a secret as it is, and masks only the secrets", () => {
    expect(redactAgent(everyField())).toStrictEqual({
      format: "tiny-agents",
      name: "a",
      file: "/agents/a/agent.json",
      model: "m-1",
      provider: "openai",
      endpointUrl: "https://***:***@llm.example/v1?key=***",
      apiKey: "***",
      systemPrompt: { file: "/agents/a/PROMPT.md", characters: 9 },
      ...settings,
      servers: [
        {
          name: "fs",
          command: "npx",
          args: [],
          env: { API_TOKEN: "", PLAIN: "" },
          agent: "/agents/researcher",
          tools: { include: ["read"] },
          autoApprove: ["read"],
          lazy: false,
          alwaysLoad: false,
        },
        {
          name: "web",
          url: "https://h.example/mcp",
          headers: { Authorization: "***", Empty: "" },
        },
      ],
    });
  });

  it("leaves out what is not set, asks for approval by default, counts a missing prompt as 0 characters", () => {
    const minimal: AgentFile = {
      format: "tiny-agents",
      name: "a",
      promptFile: "/agents/a/PROMPT.md",
      servers: [],
      inputs: [],
      warnings: [],
    };
    expect(redactAgent(minimal)).toStrictEqual({
      format: "tiny-agents",
      name: "a",
      systemPrompt: { file: "/agents/a/PROMPT.md", characters: 0 },
      approval: "ask",
      servers: [],
    });
  });
});
