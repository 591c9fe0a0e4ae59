import { describe, expect, it } from "vitest";
import { CLIENT_IDS, clientConfigLocations, isClientId } from "./client-config-locations.js";

const pathsOf = (client: string, places: Parameters<typeof clientConfigLocations>[0]) =>
  clientConfigLocations(places)
    .filter((l) => l.client === client)
    .map((l) => `${l.scope} ${l.path}`);

describe("clientConfigLocations", () => {
  it("knows a place for every client, project places before the user's", () => {
    const all = clientConfigLocations({ home: "/h", cwd: "/p", platform: "linux" });
    expect(new Set(all.map((l) => l.client))).toEqual(new Set(CLIENT_IDS));
    const firstUser = all.findIndex((l) => l.scope === "user");
    expect(all.slice(firstUser).every((l) => l.scope === "user")).toBe(true);
  });

  it("puts Electron apps under ~/Library/Application Support on macOS and ~/.config on Linux", () => {
    expect(pathsOf("vscode", { home: "/Users/ada", cwd: "/p", platform: "darwin" })).toEqual([
      "project /p/.vscode/mcp.json",
      "user /Users/ada/Library/Application Support/Code/User/mcp.json",
    ]);
    expect(pathsOf("claude-desktop", { home: "/home/ada", cwd: "/p", platform: "linux" })).toEqual([
      "user /home/ada/.config/Claude/claude_desktop_config.json",
    ]);
    // Zed keeps ~/.config/zed on macOS too.
    expect(pathsOf("zed", { home: "/Users/ada", cwd: "/p", platform: "darwin" })).toEqual([
      "project /p/.zed/settings.json",
      "user /Users/ada/.config/zed/settings.json",
    ]);
  });

  it("computes Windows places from APPDATA and the home folder", () => {
    const places = {
      home: "C:\\Users\\ada",
      cwd: "C:\\work",
      platform: "win32" as const,
      env: { APPDATA: "C:\\Users\\ada\\AppData\\Roaming" },
    };
    expect(pathsOf("claude-desktop", places)).toEqual([
      "user C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json",
    ]);
    expect(pathsOf("goose", places)).toEqual([
      "user C:\\Users\\ada\\AppData\\Roaming\\Block\\goose\\config\\config.yaml",
    ]);
    expect(pathsOf("cursor", places)).toEqual([
      "project C:\\work\\.cursor\\mcp.json",
      "user C:\\Users\\ada\\.cursor\\mcp.json",
    ]);
  });

  it("adds opencode's OPENCODE_CONFIG file, relative to the folder", () => {
    expect(
      pathsOf("opencode", {
        home: "/h",
        cwd: "/p",
        platform: "linux",
        env: { OPENCODE_CONFIG: "cfg/oc.json" },
      }),
    ).toEqual([
      "project /p/opencode.json",
      "project /p/opencode.jsonc",
      "user /p/cfg/oc.json",
      "user /h/.config/opencode/opencode.json",
      "user /h/.config/opencode/opencode.jsonc",
    ]);
  });

  it("tells client names from other words", () => {
    expect(isClientId("cursor")).toBe(true);
    expect(isClientId("Cursor")).toBe(false);
    expect(isClientId("toString")).toBe(false);
  });
});
