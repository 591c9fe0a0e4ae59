import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  type ClientConfigLocation,
  type ConfigPlaces,
  clientConfigLocations,
} from "./client-config-locations.js";

/** A client configuration file that exists on this machine. */
export interface FoundClientConfig {
  client: ClientConfigLocation["client"];
  scope: ClientConfigLocation["scope"];
  /** Absolute path of the file. */
  path: string;
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
 * folder is one. Nothing is read: pass each `path` to `readAgentFile`.
 *
 * @example
 * for (const found of findClientConfigs({ home: homedir(), cwd: process.cwd() }))
 *   console.log(found.client, found.path);
 */
export function findClientConfigs(places: ConfigPlaces): FoundClientConfig[] {
  return clientConfigLocations(places).flatMap(({ client, scope, path, folder }) =>
    folder
      ? blockFiles(path).map((file) => ({ client, scope, path: file }))
      : isFile(path)
        ? [{ client, scope, path }]
        : [],
  );
}
