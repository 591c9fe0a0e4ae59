import { posix, win32 } from "node:path";

/** The MCP clients whose configuration files tinyloop knows where to find. */
export const CLIENT_IDS = [
  "claude-desktop",
  "claude-code",
  "cursor",
  "vscode",
  "windsurf",
  "cline",
  "roo",
  "codex",
  "gemini",
  "opencode",
  "zed",
  "goose",
  "continue",
  "lmstudio",
  "amazon-q",
] as const;

/** One of {@link CLIENT_IDS}: `cursor`, `claude-code`, `vscode`, … */
export type ClientId = (typeof CLIENT_IDS)[number];

/** Each client's name as people write it. */
export const CLIENT_NAMES: Readonly<Record<ClientId, string>> = {
  "claude-desktop": "Claude Desktop",
  "claude-code": "Claude Code",
  cursor: "Cursor",
  vscode: "VS Code",
  windsurf: "Windsurf",
  cline: "Cline",
  roo: "Roo Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  opencode: "opencode",
  zed: "Zed",
  goose: "Goose",
  continue: "Continue",
  lmstudio: "LM Studio",
  "amazon-q": "Amazon Q",
};

/** Where a client keeps one of its configuration files. */
export interface ClientConfigLocation {
  client: ClientId;
  /** `project`: inside the folder being worked in; `user`: the person's own, for every folder. */
  scope: "project" | "user";
  /** Absolute path of the file (or, for Continue's block folders, of the folder). */
  path: string;
  /** True for a folder of one-file blocks (`.continue/mcpServers/`): each file in it is a config. */
  folder?: boolean;
}

/** What the standard places depend on; injectable so tests use a fake home. */
export interface ConfigPlaces {
  /** The user's home folder. */
  home: string;
  /** The project folder: where project configs (`.mcp.json`, `.vscode/mcp.json`, …) are looked for. */
  cwd: string;
  /** Default `process.platform`. `darwin` and `win32` have their own places; any other is Linux's. */
  platform?: NodeJS.Platform;
  /** `XDG_CONFIG_HOME`, `CODEX_HOME`, `OPENCODE_CONFIG`, `APPDATA`… Default: none set. */
  env?: Record<string, string | undefined>;
}

type Place = Omit<ClientConfigLocation, "client">;

/**
 * Every standard place of every client's MCP configuration, project places (in `cwd`) first,
 * then the user's, in {@link CLIENT_IDS} order within each. Pure: it looks at no file
 * (`findClientConfigs` does). Windows places are computed too, from `APPDATA` and `home`.
 *
 * @example
 * clientConfigLocations({ home: "/home/ada", cwd: "/work/app", platform: "linux" })
 *   .filter((l) => l.client === "cursor").map((l) => l.path);
 * // ["/work/app/.cursor/mcp.json", "/home/ada/.cursor/mcp.json"]
 */
export function clientConfigLocations(places: ConfigPlaces): ClientConfigLocation[] {
  const byClient = placesByClient(places);
  const all = CLIENT_IDS.flatMap((client) =>
    byClient[client].map((place) => ({ client, ...place })),
  );
  return [...all.filter((l) => l.scope === "project"), ...all.filter((l) => l.scope === "user")];
}

function placesByClient({
  home,
  cwd,
  platform = process.platform,
  env = {},
}: ConfigPlaces): Record<ClientId, Place[]> {
  const path = platform === "win32" ? win32 : posix;
  const at = (...parts: string[]) => path.join(...parts);
  const set = (name: string) => (env[name] ? env[name] : undefined);
  const project = (...parts: string[]): Place => ({ scope: "project", path: at(cwd, ...parts) });
  const user = (...parts: string[]): Place => ({ scope: "user", path: at(...parts) });

  const appData = set("APPDATA") ?? at(home, "AppData", "Roaming");
  // Electron apps (Claude Desktop, VS Code) and XDG tools keep user files here.
  const appConfig =
    platform === "win32"
      ? appData
      : platform === "darwin"
        ? at(home, "Library", "Application Support")
        : (set("XDG_CONFIG_HOME") ?? at(home, ".config"));
  // Zed, opencode and Goose use ~/.config on macOS too (XDG_CONFIG_HOME honoured there).
  const xdgConfig = set("XDG_CONFIG_HOME") ?? at(home, ".config");
  const vscodeUser = at(appConfig, "Code", "User");
  const codexHome = set("CODEX_HOME") ?? at(home, ".codex");
  const opencodeCustom = set("OPENCODE_CONFIG");

  return {
    "claude-desktop": [user(appConfig, "Claude", "claude_desktop_config.json")],
    "claude-code": [project(".mcp.json"), user(home, ".claude.json")],
    cursor: [project(".cursor", "mcp.json"), user(home, ".cursor", "mcp.json")],
    vscode: [project(".vscode", "mcp.json"), user(vscodeUser, "mcp.json")],
    windsurf: [user(home, ".codeium", "windsurf", "mcp_config.json")],
    cline: [
      user(
        vscodeUser,
        "globalStorage",
        "saoudrizwan.claude-dev",
        "settings",
        "cline_mcp_settings.json",
      ),
    ],
    roo: [
      project(".roo", "mcp.json"),
      user(
        vscodeUser,
        "globalStorage",
        "rooveterinaryinc.roo-cline",
        "settings",
        "mcp_settings.json",
      ),
    ],
    codex: [project(".codex", "config.toml"), user(codexHome, "config.toml")],
    gemini: [project(".gemini", "settings.json"), user(home, ".gemini", "settings.json")],
    opencode: [
      project("opencode.json"),
      project("opencode.jsonc"),
      ...(opencodeCustom ? [user(path.resolve(cwd, opencodeCustom))] : []),
      user(platform === "win32" ? at(home, ".config") : xdgConfig, "opencode", "opencode.json"),
      user(platform === "win32" ? at(home, ".config") : xdgConfig, "opencode", "opencode.jsonc"),
    ],
    zed: [
      project(".zed", "settings.json"),
      user(platform === "win32" ? at(appData, "Zed") : at(xdgConfig, "zed"), "settings.json"),
    ],
    goose: [
      user(
        platform === "win32" ? at(appData, "Block", "goose", "config") : at(xdgConfig, "goose"),
        "config.yaml",
      ),
    ],
    continue: [
      { ...project(".continue", "mcpServers"), folder: true },
      user(home, ".continue", "config.yaml"),
      { ...user(home, ".continue", "mcpServers"), folder: true },
    ],
    lmstudio: [user(home, ".lmstudio", "mcp.json")],
    "amazon-q": [project(".amazonq", "mcp.json"), user(home, ".aws", "amazonq", "mcp.json")],
  };
}

/** True for one of {@link CLIENT_IDS}. */
export function isClientId(value: string): value is ClientId {
  return (CLIENT_IDS as readonly string[]).includes(value);
}
