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

  it("on win32 also keeps the system and profile folders, matching names in any case", () => {
    const parent = {
      Path: "C:\\Windows\\System32;C:\\Program Files\\nodejs",
      PATHEXT: ".COM;.EXE;.BAT;.CMD",
      SystemRoot: "C:\\Windows",
      ComSpec: "C:\\Windows\\System32\\cmd.exe",
      APPDATA: "C:\\Users\\me\\AppData\\Roaming",
      "ProgramFiles(x86)": "C:\\Program Files (x86)",
      OPENAI_API_KEY: "sk-secret",
    };
    expect(buildServerEnvironment({ GITHUB_TOKEN: "ghp_x" }, parent, "win32")).toEqual({
      Path: parent.Path,
      PATHEXT: parent.PATHEXT,
      SystemRoot: parent.SystemRoot,
      ComSpec: parent.ComSpec,
      APPDATA: parent.APPDATA,
      "ProgramFiles(x86)": parent["ProgramFiles(x86)"],
      GITHUB_TOKEN: "ghp_x",
    });
  });

  it.each(["linux", "darwin"] as const)(
    "on %s keeps none of the Windows names, and matches case exactly",
    (platform) => {
      const env = buildServerEnvironment(
        {},
        { SystemRoot: "C:\\Windows", Path: "/x", PATH: "/usr/bin" },
        platform,
      );
      expect(env).toEqual({ PATH: "/usr/bin" });
    },
  );
});
