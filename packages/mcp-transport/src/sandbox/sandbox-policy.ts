import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { SandboxConfig } from "../config-schema.js";
import { HOST_PRESETS, SECRET_PLACES } from "./sandbox-places.js";

/**
 * What a sandboxed stdio server may do, every path absolute: read everything but
 * `denyRead` (except what `allowRead` opens again inside it), write only `allowWrite`
 * (plus a private temp folder made at each start), reach only `allowHosts`.
 */
export interface SandboxPolicy {
  /** Its working folder (the server's `cwd`, else the caller's); always writable. */
  workFolder: string;
  allowRead: string[];
  denyRead: string[];
  allowWrite: string[];
  /** Host names (presets expanded), reached through the sandbox's proxy. */
  allowHosts: string[];
}

/** Where {@link sandboxPolicyFor} takes `~` and the working folder from. */
export interface SandboxPlaces {
  /** The server's working folder: its `cwd`, else the caller's. */
  workFolder: string;
  /** The user's home folder. Default `os.homedir()`. */
  home?: string;
}

/**
 * The policy a `sandbox` setting means at `places`, or `undefined` when it is off
 * (`false` or absent). Defaults: write the working folder only; never read
 * {@link SECRET_PLACES} nor a `.env` in the home folder or in a folder above the working
 * folder; no network.
 *
 * @throws Error for an `allowHosts` preset it does not know (the schema lets `@name` through).
 */
export function sandboxPolicyFor(
  setting: SandboxConfig | undefined,
  places: SandboxPlaces,
): SandboxPolicy | undefined {
  if (setting === undefined || setting === false) return undefined;
  const home = places.home ?? homedir();
  const given = setting === true ? {} : setting;
  const absolute = (path: string) =>
    path === "~" ? home : path.startsWith("~/") ? join(home, path.slice(2)) : resolve(path);
  const workFolder = resolve(places.workFolder);
  return {
    workFolder,
    allowRead: (given.allowRead ?? []).map(absolute),
    denyRead: unique([
      ...SECRET_PLACES.map((place) => join(home, place)),
      ...envFilesAbove(workFolder, home),
      ...(given.denyRead ?? []).map(absolute),
    ]),
    allowWrite: unique([workFolder, ...(given.allowWrite ?? []).map(absolute)]),
    allowHosts: unique((given.allowHosts ?? []).flatMap(expandHost)),
  };
}

function expandHost(host: string): readonly string[] {
  if (!host.startsWith("@")) return [host];
  const hosts = HOST_PRESETS[host];
  if (hosts) return hosts;
  throw new Error(
    `sandbox.allowHosts: unknown preset "${host}"; the presets are ${Object.keys(HOST_PRESETS).join(", ")}`,
  );
}

/** `.env` in the home folder and in every folder above the working folder. */
function envFilesAbove(workFolder: string, home: string): string[] {
  const files = [join(home, ".env")];
  for (let folder = dirname(workFolder); ; folder = dirname(folder)) {
    files.push(join(folder, ".env"));
    if (dirname(folder) === folder) break;
  }
  return files;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
