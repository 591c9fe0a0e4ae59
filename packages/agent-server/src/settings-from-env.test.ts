import { describe, expect, it } from "vitest";
import { AgentServerError } from "./agent-server-error.js";
import { DEFAULT_PORT } from "./default-port.js";
import { portFromEnv, serverSettingsFromEnv } from "./settings-from-env.js";

describe("portFromEnv", () => {
  it("takes the port given, else PORT, else the default", () => {
    expect(portFromEnv(9000, { PORT: "8080" })).toBe(9000);
    expect(portFromEnv(0, { PORT: "8080" })).toBe(0);
    expect(portFromEnv(undefined, { PORT: "8080" })).toBe(8080);
    expect(portFromEnv(undefined, { PORT: "" })).toBe(DEFAULT_PORT);
    expect(portFromEnv(undefined, {})).toBe(8787);
  });

  it("refuses a PORT that is no port, naming it and the program's setting that wins over it", () => {
    for (const bad of ["http", "-1", "80.5", "70000"]) {
      expect(() => portFromEnv(undefined, { PORT: bad }, { port: "--port" })).toThrow(
        `PORT: expected a whole number from 0 to 65535, got "${bad}" (example: PORT=8080; --port wins over PORT)`,
      );
    }
    expect(() => portFromEnv(undefined, { PORT: "x" })).toThrow(
      'PORT: expected a whole number from 0 to 65535, got "x" (example: PORT=8080)',
    );
  });
});

describe("serverSettingsFromEnv", () => {
  const thrown = (attempt: () => unknown): AgentServerError => {
    try {
      attempt();
    } catch (error) {
      if (AgentServerError.isInstance(error)) return error;
      throw error;
    }
    throw new Error("expected the attempt to throw");
  };

  it("reads the key from its variable and the port from PORT, keeping the other settings", () => {
    const env = { SERVE_KEY: "k3y-of-enough-length", PORT: "9191" };
    expect(
      serverSettingsFromEnv({ host: "0.0.0.0", apiKeyEnv: "SERVE_KEY", maxConcurrency: 2 }, env),
    ).toEqual({ host: "0.0.0.0", port: 9191, maxConcurrency: 2, apiKey: "k3y-of-enough-length" });
  });

  it("refuses a public host without a key, and a key variable that is unset, in the program's words", () => {
    const noKey = thrown(() =>
      serverSettingsFromEnv(
        { host: "0.0.0.0", hints: { giveApiKey: "add --api-key-env NAME" } },
        {},
      ),
    );
    expect(noKey.code).toBe("KEY_REQUIRED");
    expect(noKey.message).toContain("(add --api-key-env NAME)");
    const unset = thrown(() =>
      serverSettingsFromEnv(
        { apiKeyEnv: "SERVE_KEY", apiKeyHints: { setting: "--api-key-env" } },
        {},
      ),
    );
    expect(unset.code).toBe("KEY_INVALID");
    expect(unset.message).toMatch(/^--api-key-env SERVE_KEY: the variable is not set or empty/);
  });
});
