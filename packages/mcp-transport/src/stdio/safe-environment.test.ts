import { describe, expect, it } from "vitest";
import { buildServerEnvironment } from "./safe-environment.js";

describe("buildServerEnvironment", () => {
  it("keeps only the safe list and XDG_*, then adds exactly the config's env", () => {
    const env = buildServerEnvironment(
      { GITHUB_TOKEN: "ghp_x", PATH: "/custom/bin" },
      {
        PATH: "/usr/bin",
        HOME: "/home/me",
        LANG: "C.UTF-8",
        XDG_CONFIG_HOME: "/home/me/.config",
        OPENAI_API_KEY: "sk-secret",
        HF_TOKEN: "hf_secret",
        NODE_OPTIONS: "--inspect",
        BASH_FUNC_x: "() { evil; }",
        TERM: "() { evil; }",
      },
    );
    expect(env).toEqual({
      PATH: "/custom/bin",
      HOME: "/home/me",
      LANG: "C.UTF-8",
      XDG_CONFIG_HOME: "/home/me/.config",
      GITHUB_TOKEN: "ghp_x",
    });
  });
});
