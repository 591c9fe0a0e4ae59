import { accessSync, constants, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { describeValue, formatKeyPath, valueAt } from "@tinyloop/errors";
import type { AgentFile, AgentFileServer, AgentFileWarning } from "./agent-file.js";
import type { ConfigPath } from "./config-path.js";
import { findOnPath } from "./find-on-path.js";
import { loadAgentFile, type ReadAgentFileOptions } from "./read-agent-file.js";
import { invalidAt } from "./schema-error.js";

/** Options of {@link checkAgentFile}. */
export interface CheckAgentFileOptions extends ReadAgentFileOptions {
  /** Commands the caller runs itself (a program's bundled servers): never reported as missing. */
  providedCommands?: readonly string[];
  /**
   * Warn about a `command` not on `PATH` (default true). A program about to start the servers
   * turns it off: the server's own start failure says it a moment later, and the `cwd` check
   * (an error) still runs, before any server starts.
   */
  warnMissingCommands?: boolean;
}

/**
 * {@link readAgentFile} plus what can be checked without starting anything: a `cwd` that is
 * not a folder (an error), a `command` that is not on `PATH` or not there (a warning; it may
 * be installed before the run). Nothing is spawned and nothing is fetched.
 * @throws AgentFileError as readAgentFile does, and `INVALID` for a missing `cwd`.
 */
export async function checkAgentFile(
  path: string,
  options: CheckAgentFileOptions = {},
): Promise<AgentFile> {
  const { agent, doc, fieldPaths } = await loadAgentFile(path, options);
  const env = options.env ?? process.env;
  // In the file's own keys: tiny-agents' nested `config.command`, Goose's `cmd`, Zed's `command.path`.
  const fieldPath = (server: AgentFileServer, key: "command" | "cwd"): ConfigPath => {
    const known = fieldPaths.get(server.name)?.[key];
    if (known) return known;
    const nested = [...server.path, "config", key];
    return valueAt(doc.value, nested) !== undefined ? nested : [...server.path, key];
  };
  for (const server of agent.servers) {
    const config = server.config;
    if (!("command" in config) || !server.enabled) continue;
    // The transport starts a server relative to the current folder, so the check does too.
    const base = resolve(options.cwd ?? process.cwd());
    if (config.cwd !== undefined) {
      const cwd = resolve(base, config.cwd);
      if (!isFolder(cwd)) {
        throw invalidAt(doc, fieldPath(server, "cwd"), {
          problem: `the folder ${cwd} does not exist`,
          expected: "an existing folder for the server to start in",
          received: describeValue(config.cwd),
          example: `"cwd": "/home/me/project"`,
        });
      }
    }
    if (options.warnMissingCommands === false) continue;
    const command = config.command;
    const found = options.providedCommands?.includes(command)
      ? true
      : command.includes("/")
        ? isExecutable(isAbsolute(command) ? command : resolve(base, config.cwd ?? ".", command))
        : findOnPath(command, env.PATH ?? "") !== undefined;
    if (!found) {
      const where = fieldPath(server, "command");
      const position = doc.locate(where);
      const message = command.includes("/")
        ? `command ${JSON.stringify(command)} does not exist or is not executable; the server will fail to start`
        : `command ${JSON.stringify(command)} is not on PATH; the server will fail to start unless it is installed first`;
      const warning: AgentFileWarning = {
        file: doc.file,
        path: formatKeyPath(where),
        ...(position ?? {}),
        message,
        text: `${doc.file}${position ? `:${position.line}:${position.column}` : ""}: warning: ${formatKeyPath(where)}: ${message}`,
      };
      agent.warnings.push(warning);
      options.onWarning?.(warning);
    }
  }
  return agent;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
