// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${input:…} literally
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** Every secret the files below carry; none may reach stdout or stderr. */
const SECRETS = [
  "hdr-SECRET-bearer",
  "env-SECRET-value",
  "url-SECRET-pass",
  "qry-SECRET-token",
  "arg-SECRET-token",
  "key-SECRET-apikey",
];

/** One minified line: every kind of secret, then an unrelated error (`"command": 3`). */
const MINIFIED = JSON.stringify({
  mcpServers: {
    remote: {
      url: "https://me:url-SECRET-pass@example.com/mcp?token=qry-SECRET-token",
      headers: { Authorization: "Bearer hdr-SECRET-bearer" },
    },
    local: {
      command: "npx",
      args: ["-y", "some-server", "--token", "arg-SECRET-token", "--api-key=key-SECRET-apikey"],
      env: { SOME_VALUE: "env-SECRET-value" },
    },
    bad: { command: 3 },
  },
});

function expectNoSecret(r: { stdout: string; stderr: string }) {
  for (const secret of SECRETS) {
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
  }
}

/** The excerpt's line and caret lines from stderr; the caret's character in the line. */
function caretTarget(stderr: string): string | undefined {
  const lines = stderr.split("\n");
  const caretIndex = lines.findIndex((line) => /^\s+\| +\^$/.test(line));
  const line = lines[caretIndex - 1] ?? "";
  const caret = lines[caretIndex] ?? "";
  return line[caret.indexOf("^")];
}

describe("config errors' excerpts never print a secret", () => {
  it.each([
    [
      ".codex/config.toml",
      '[mcp_servers.remote]\nurl = "https://example.com/mcp?token=qry-SECRET-token"\nhttp_headers = { Authorization = "Bearer hdr-SECRET-bearer", X-Port = 3 }\n',
      "config.toml:3:71: mcp_servers.remote.http_headers.X-Port: expected a string, got a number (3)",
    ],
    [
      "goose/config.yaml",
      "extensions:\n  local:\n    type: stdio\n    cmd: npx\n    args: [--token, arg-SECRET-token]\n    envs: { SOME_VALUE: env-SECRET-value, PORT: [1] }\n",
      "config.yaml:6:49: extensions.local.envs.PORT: expected a string, got a list",
    ],
  ])(
    "config check of %s: the line of the error is shown with its secrets masked",
    async (name, text, where) => {
      s.ws.write({ [name]: text });
      const r = await runCli(["config", "check", name], { cwd: s.ws.dir });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(where);
      expect(r.stderr).toContain("***");
      expectNoSecret(r);
    },
  );

  it("config check: a minified file's unrelated error shows the line masked, cut around the column, caret on the value", async () => {
    s.ws.write({ ".mcp.json": MINIFIED });
    const r = await runCli(["config", "check", ".mcp.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(".mcp.json:1:");
    expect(r.stderr).toContain("mcpServers.bad.command: expected a string, got a number (3)");
    // Every problem is said at once: the remote URL's credentials come first, on the same line.
    expect(caretTarget(r.stderr.slice(r.stderr.indexOf("mcpServers.bad.command")))).toBe("3");
    expect(r.stderr).toMatch(/\| …/);
    expectNoSecret(r);
  });

  it("run and mcp tools: the same error, masked, and nothing started", async () => {
    s.ws.write({ ".mcp.json": MINIFIED });
    for (const args of [
      ["run", ".mcp.json", "-p", "hi", "--endpoint-url", "http://127.0.0.1:9/v1", "--model", "m"],
      [
        "run",
        ".mcp.json",
        "-p",
        "hi",
        "--json",
        "--endpoint-url",
        "http://127.0.0.1:9/v1",
        "--model",
        "m",
      ],
      ["mcp", "tools", ".mcp.json"],
    ]) {
      const r = await runCli(args, { cwd: s.ws.dir });
      expect(r.exitCode, args.join(" ")).toBe(2);
      expect(`${r.stdout}${r.stderr}`).toContain("mcpServers.bad.command");
      expectNoSecret(r);
    }
  });

  it("a value quoted in the message itself is masked too (a non-http URL with credentials)", async () => {
    s.ws.write({
      ".mcp.json": `{"mcpServers":{"r":{"url":"ftp://me:url-SECRET-pass@example.com/x?token=qry-SECRET-token"}}}`,
    });
    const r = await runCli(["config", "check", ".mcp.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'mcpServers.r.url: expected an http(s) URL, got a string ("ftp://***:***@example.com/x?token=***")',
    );
    expect(caretTarget(r.stderr)).toBe('"');
    expectNoSecret(r);
  });

  it("a JSON syntax error on a line with a bearer token masks it", async () => {
    s.ws.write({
      ".mcp.json": `{"mcpServers":{"r":{"url":"https://example.com/mcp","headers":{"Authorization":"Bearer hdr-SECRET-bearer"}} x}}`,
    });
    const r = await runCli(["config", "check", ".mcp.json"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("is not valid JSON");
    expect(caretTarget(r.stderr)).toBe("x");
    expectNoSecret(r);
  });

  it("a YAML error on a line with a URL token masks its query value", async () => {
    s.ws.write({
      "config.yaml":
        "mcp_servers:\n  remote: { url: 'https://example.com/mcp?token=qry-SECRET-token', headers: { Authorization: 'Bearer hdr-SECRET-bearer' }, timeout: [ }\n",
    });
    const r = await runCli(["config", "check", "config.yaml"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("is not valid YAML");
    expect(r.stderr).toContain("config.yaml:2:");
    expectNoSecret(r);
  });

  it("a password input's answer is masked where the line using it is shown", async () => {
    s.ws.write({
      ".vscode/mcp.json": JSON.stringify({
        inputs: [{ type: "promptString", id: "pat", description: "token", password: true }],
        servers: {
          gh: { command: "npx", args: ["--token", "${input:pat}"], cwd: "./missing-folder" },
        },
      }).replace('"${input:pat}"', '"${input:pat}", "--also", "hdr-SECRET-bearer"'),
    });
    const r = await runCli(["config", "check", ".vscode/mcp.json"], {
      cwd: s.ws.dir,
      env: { PAT: "hdr-SECRET-bearer" },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("servers.gh.cwd");
    expectNoSecret(r);
  });
});
