// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax, not template mistakes
import { describe, expect, it } from "vitest";
import { McpTransportError } from "./errors.js";
import { interpolate } from "./interpolate.js";

const vars: Record<string, string> = { TOKEN: "s3cret", DIR: "/data", EMPTY: "" };
const resolve = (name: string) => vars[name];

describe("interpolate", () => {
  it("expands ${VAR} and ${VAR:-default} in every string field of a stdio config", () => {
    const out = interpolate(
      {
        command: "${DIR}/bin/server",
        args: ["--root", "${DIR}", "${MISSING:-fallback}", "$TOKEN"],
        env: { API_TOKEN: "${TOKEN}", MODE: "${EMPTY:-dev}" },
        cwd: "${DIR}",
      },
      resolve,
    );
    expect(out).toEqual({
      command: "/data/bin/server",
      args: ["--root", "/data", "fallback", "$TOKEN"],
      env: { API_TOKEN: "s3cret", MODE: "dev" },
      cwd: "/data",
    });
  });

  it("expands url and header values of an http config", () => {
    const out = interpolate(
      {
        type: "http",
        url: "${BASE:-http://localhost:3000}/mcp",
        headers: { Authorization: "Bearer ${TOKEN}" },
      },
      resolve,
    );
    expect(out).toEqual({
      type: "http",
      url: "http://localhost:3000/mcp",
      headers: { Authorization: "Bearer s3cret" },
    });
  });

  it("names the variable and the field when a variable is not set", () => {
    let caught: unknown;
    try {
      interpolate(
        { url: "https://x/mcp", headers: { Authorization: "Bearer ${GITHUB_TOKEN}" } },
        resolve,
        "servers.github",
      );
    } catch (error) {
      caught = error;
    }
    expect(McpTransportError.isInstance(caught)).toBe(true);
    expect((caught as McpTransportError).code).toBe("CONFIG_INVALID");
    expect((caught as Error).message).toContain(
      "servers.github.headers.Authorization: ${GITHUB_TOKEN} is not set",
    );
  });

  it("fails when the expanded url is not an http(s) URL", () => {
    expect(() => interpolate({ url: "${DIR}" }, resolve, "s")).toThrow(
      "s.url: expected an http(s) URL",
    );
  });

  it("does not change the input config", () => {
    const input = { command: "${DIR}", args: ["${DIR}"] };
    interpolate(input, resolve);
    expect(input).toEqual({ command: "${DIR}", args: ["${DIR}"] });
  });
});
