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
