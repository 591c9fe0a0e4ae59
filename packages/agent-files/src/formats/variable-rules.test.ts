// biome-ignore-all lint/suspicious/noTemplateCurlyInString: config files spell ${VAR} literally
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "../agent-file-error.js";
import { readAgentFile } from "../read-agent-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-variables-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const env = { HOME: "/home/me", PATH: "/usr/bin", EMPTY: "" };

/** The first server's config of the file `name` written with `text`, read with `env`. */
async function firstServer(name: string, text: string) {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const agent = await readAgentFile(file, { env });
  return agent.servers[0]?.config as Record<string, unknown>;
}

async function failure(name: string, text: string): Promise<AgentFileError> {
  const error = await firstServer(name, text).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!AgentFileError.isInstance(error))
    throw new Error(`expected an AgentFileError, got ${error}`);
  return error;
}

describe("each format's variables by its own client's rule", () => {
  it("Gemini CLI: $VAR and ${VAR} are expanded, an unset one is left as written, never an error", async () => {
    const config = await firstServer(
      ".gemini/settings.json",
      JSON.stringify({
        mcpServers: {
          sap: {
            command: "$HOME/bin/vsp",
            args: ["${HOME}/work", "${MISSING:-default}"],
            env: { SAP_PACKAGES: "Z*,$TMP,$ZADT_VSP,$VSP_ADT" },
          },
        },
      }),
    );
    expect(config).toMatchObject({
      command: "/home/me/bin/vsp",
      // Gemini knows no defaults: `${MISSING:-default}` names no variable to it.
      args: ["/home/me/work", "${MISSING:-default}"],
      env: { SAP_PACKAGES: "Z*,$TMP,$ZADT_VSP,$VSP_ADT" },
    });
  });

  it("Claude Code's .mcp.json: ${VAR} and ${VAR:-default}; $VAR is text; an unset ${VAR} is an error", async () => {
    const config = await firstServer(
      ".mcp.json",
      JSON.stringify({
        mcpServers: { a: { command: "node", args: ["${HOME}", "${PORT:-8080}", "$HOME"] } },
      }),
    );
    expect(config.args).toEqual(["/home/me", "8080", "$HOME"]);
    const error = await failure(
      ".mcp.json",
      JSON.stringify({ mcpServers: { a: { command: "node", args: ["${NOT_SET}"] } } }),
    );
    expect(error.code).toBe("VARIABLE_UNSET");
  });

  it("Codex: nothing in a value is expanded; the variables it names by key are read", async () => {
    const config = await firstServer(
      ".codex/config.toml",
      '[mcp_servers.a]\ncommand = "node"\nargs = ["${HOME}", "$HOME"]\nenv = { PATTERN = "${NOT_SET}" }\n',
    );
    expect(config).toMatchObject({ args: ["${HOME}", "$HOME"], env: { PATTERN: "${NOT_SET}" } });
    const error = await failure(
      ".codex/config.toml",
      '[mcp_servers.a]\nurl = "https://x.example/mcp"\nbearer_token_env_var = "NOT_SET"\n',
    );
    expect(error.code).toBe("VARIABLE_UNSET");
    expect(error.message).toContain("NOT_SET");
  });

  it("opencode: {env:VAR} is its value or empty; ${VAR} is text", async () => {
    const config = await firstServer(
      "opencode.json",
      JSON.stringify({
        mcp: {
          a: {
            type: "local",
            command: ["node", "{env:HOME}/s.js", "${PATH}", "x{env:NOT_SET}y"],
          },
        },
      }),
    );
    expect(config).toMatchObject({ command: "node", args: ["/home/me/s.js", "${PATH}", "xy"] });
  });

  it("Continue: ${{ secrets.NAME }} is read from the environment; ${VAR} is text", async () => {
    const config = await firstServer(
      ".continue/config.yaml",
      'mcpServers:\n  - name: a\n    command: node\n    args: ["${{ secrets.HOME }}", "${PATH}"]\n',
    );
    expect(config.args).toEqual(["/home/me", "${PATH}"]);
  });

  it("Hermes: ${VAR}, ${env:VAR} and Cursor's names; unset or empty stays as written, never an error", async () => {
    const config = await firstServer(
      ".hermes/config.yaml",
      [
        "mcp_servers:",
        "  a:",
        "    command: node",
        '    args: ["${HOME}/s.js", "${env:PATH}", "${NOT_SET}", "${EMPTY}", "$HOME", "${HOME:-x}", "${userHome}${/}x"]',
        "",
      ].join("\n"),
    );
    expect(config.args).toEqual([
      "/home/me/s.js",
      "/usr/bin",
      "${NOT_SET}",
      "${EMPTY}",
      "$HOME",
      // Hermes knows no defaults: `HOME:-x` is a name no variable has.
      "${HOME:-x}",
      "/home/me/x",
    ]);
  });

  it("Goose: only header values name variables, those of the extension's envs and env_keys", async () => {
    const http = await firstServer(
      "goose/config.yaml",
      [
        "extensions:",
        "  a:",
        "    type: streamable_http",
        "    uri: https://x.example/mcp",
        "    envs: { TOKEN: abc }",
        "    env_keys: [HOME]",
        "    headers:",
        '      Authorization: "Bearer ${ TOKEN }"',
        '      X-Home: "$HOME"',
        '      X-Other: "${NOT_SET} $PATH ${PATH}"',
        "",
      ].join("\n"),
    );
    expect(http.headers).toEqual({
      Authorization: "Bearer abc",
      "X-Home": "/home/me",
      "X-Other": "${NOT_SET} $PATH ${PATH}",
    });
    const stdio = await firstServer(
      "goose/config.yaml",
      [
        "extensions:",
        "  a:",
        "    type: stdio",
        "    cmd: node",
        '    args: ["${NOT_SET}", "${HOME}"]',
        '    envs: { PATTERN: "${NOT_SET}" }',
        "    env_keys: [PATH]",
        "",
      ].join("\n"),
    );
    expect(stdio).toMatchObject({
      args: ["${NOT_SET}", "${HOME}"],
      env: { PATH: "/usr/bin", PATTERN: "${NOT_SET}" },
    });
  });

  it("Zed: nothing in its settings is expanded", async () => {
    const config = await firstServer(
      "zed/settings.json",
      JSON.stringify({
        context_servers: {
          a: { url: "https://x.example/mcp", headers: { Authorization: "Bearer ${NOT_SET}" } },
        },
      }),
    );
    expect(config.headers).toEqual({ Authorization: "Bearer ${NOT_SET}" });
  });
});
