import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { claudeCodeSections } from "./claude-code-entries.js";
import {
  type ClientConfigLocation,
  type ConfigPlaces,
  clientConfigLocations,
} from "./client-config-locations.js";
import type { ConfigPath } from "./config-path.js";

/** A client configuration file that exists on this machine. */
export interface FoundClientConfig {
  client: ClientConfigLocation["client"];
  /** `local`: Claude Code's servers for this folder, kept in the user's `~/.claude.json`. */
  scope: ClientConfigLocation["scope"] | "local";
  /** Absolute path of the file. */
  path: string;
  /** Where the servers are when not where the format says (pass to `readAgentFile`'s `serversAt`). */
  serversAt?: ConfigPath;
}

// Continue's block folders hold one server per file, in YAML or in another client's JSON.
const BLOCK_FILE = /\.(ya?ml|json)$/i;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function blockFiles(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => BLOCK_FILE.test(name))
      .sort()
      .map((name) => join(folder, name))
      .filter(isFile);
  } catch {
    return [];
  }
}

/**
 * The client configurations present in the standard places (`clientConfigLocations`), in
 * that order: project files first, then the user's. A place holding something other than a
 * file (a folder, a dangling link) is not a configuration; each file of a Continue block
 * folder is one. Claude Code's `~/.claude.json` is looked into: it counts when it has a
 * top-level `mcpServers` (user scope), and once more, as scope `local` with `serversAt`, when
 * it holds servers for `cwd` (`projects[cwd].mcpServers`), listed first of all, as Claude Code
 * lets the local scope win. Pass each `path` (and `serversAt`) to `readAgentFile`.
 *
 * @example
 * for (const found of findClientConfigs({ home: homedir(), cwd: process.cwd() }))
 *   console.log(found.client, found.path);
 */
export function findClientConfigs(places: ConfigPlaces): FoundClientConfig[] {
  const found = clientConfigLocations(places).flatMap(
    ({ client, scope, path, folder }): FoundClientConfig[] => {
      if (folder) return blockFiles(path).map((file) => ({ client, scope, path: file }));
      if (!isFile(path)) return [];
      if (client !== "claude-code" || scope !== "user" || basename(path) !== ".claude.json")
        return [{ client, scope, path }];
      // ~/.claude.json is Claude Code's state file: its user scope, then this folder's local scope.
      const sections = claudeCodeSections(path, places.cwd);
      return [
        ...(sections.local
          ? [{ client, scope: "local" as const, path, serversAt: sections.local }]
          : []),
        ...(sections.user ? [{ client, scope, path }] : []),
      ];
    },
  );
  // Claude Code's own precedence: a folder's local servers before its project file and the user's.
  return [...found.filter((f) => f.scope === "local"), ...found.filter((f) => f.scope !== "local")];
}
