import { homedir } from "node:os";
import { basename, join } from "node:path";
import {
  type SandboxConfig,
  type SandboxPolicy,
  type StdioServerConfig,
  sandboxPolicyFor,
} from "@tinyloop/mcp-transport/config";
import type { AgentFileServer } from "./agent-file.js";

/**
 * The package runners whose servers fetch their package at start: a server tinyloop confines
 * by choice gets the runner's registry and a package cache of its own (never the user's, where
 * a hostile server could plant a package for a later unconfined run).
 */
const PACKAGE_RUNNERS: Readonly<
  Record<string, { hosts: string[]; cacheVariable: string; cache: string }>
> = {
  npx: { hosts: ["@npm"], cacheVariable: "npm_config_cache", cache: "npm" },
  uvx: { hosts: ["@pypi"], cacheVariable: "UV_CACHE_DIR", cache: "uv" },
};

/** Where {@link withSandboxChoice} keeps the private package caches of confined servers. */
export function sandboxCacheFolder(home: string = homedir()): string {
  return join(home, ".cache", "tinyloop", "sandbox");
}

/**
 * The agent's servers with a program's sandbox choice applied (tinyloop: `--sandbox`,
 * `--no-sandbox`, and the default of a Hub agent):
 * - `true`: every stdio server is confined; one whose entry gives a policy (or `true`) keeps
 *   it, the others get the defaults, and one run by `npx` / `uvx` also its registry
 *   (`@npm` / `@pypi`) and a private package cache under {@link sandboxCacheFolder};
 * - `false`: none is, even one whose entry asks;
 * - `undefined`: each entry's own setting.
 * An `agent` entry (another agent, run by the program itself) is left as its entry says: its
 * own servers are confined by its own file.
 *
 * With `untrustedFile` (a file fetched from elsewhere, such as a Hub agent) nothing the file
 * says widens the confinement: an entry's own policy is replaced by the defaults, and an
 * `npx` / `uvx` cache named in its `env` is replaced by the private one (a cache folder is
 * writable, so the file could otherwise name `~/.ssh`).
 */
export function withSandboxChoice(
  servers: readonly AgentFileServer[],
  choice: boolean | undefined,
  {
    cacheFolder = sandboxCacheFolder(),
    untrustedFile = false,
  }: { cacheFolder?: string; untrustedFile?: boolean } = {},
): AgentFileServer[] {
  if (choice === undefined) return [...servers];
  return servers.map((server) => {
    const config = server.config;
    if (!("command" in config) || server.agent !== undefined) return server;
    if (!choice) {
      const { sandbox: _off, ...unconfined } = config;
      return { ...server, config: unconfined };
    }
    const own = config.sandbox !== undefined && config.sandbox !== false;
    if (own && !untrustedFile) return server;
    return { ...server, config: confined(config, cacheFolder, untrustedFile) };
  });
}

function confined(
  config: StdioServerConfig,
  cacheFolder: string,
  untrustedFile: boolean,
): StdioServerConfig {
  const runner = PACKAGE_RUNNERS[basename(config.command).replace(/\.(cmd|exe)$/i, "")];
  if (!runner) return { ...config, sandbox: true };
  const named = untrustedFile ? undefined : config.env?.[runner.cacheVariable];
  const cache = named ?? join(cacheFolder, runner.cache);
  const sandbox: SandboxConfig = { allowHosts: runner.hosts, allowWrite: [cache] };
  return { ...config, env: { ...config.env, [runner.cacheVariable]: cache }, sandbox };
}

/**
 * What a server of the agent may do when started from `cwd`, for showing a person: its
 * sandbox policy (mcp-transport's `sandboxPolicyFor`, every path absolute), `false` for a
 * stdio server that runs unconfined, `undefined` for a server reached by URL.
 */
export function serverSandboxPolicy(
  server: Pick<AgentFileServer, "config">,
  cwd: string = process.cwd(),
): SandboxPolicy | false | undefined {
  const config = server.config;
  if (!("command" in config)) return undefined;
  return sandboxPolicyFor(config.sandbox, { workFolder: config.cwd ?? cwd }) ?? false;
}
