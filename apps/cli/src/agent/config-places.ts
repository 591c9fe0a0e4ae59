import { homedir } from "node:os";
import type { ConfigPlaces } from "@tinyloop/agent-files";
import type { Io } from "../io.js";

/**
 * Where agent-files looks for the MCP clients' configs: `HOME` of the CLI's environment (so a
 * test or a user can point it elsewhere), else the OS's home folder; the current folder for
 * project configs; this platform.
 */
export function configPlaces(io: Io): ConfigPlaces {
  return { home: io.env.HOME || homedir(), cwd: io.cwd, platform: process.platform, env: io.env };
}
