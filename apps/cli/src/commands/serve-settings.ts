import {
  AgentServerError,
  apiKeyFromEnv,
  checkServerOptions,
  type ServerSettings,
} from "@tinyloop/agent-server";
import { CliError } from "../cli-error.js";
import type { Io } from "../io.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import type { ServeFlags } from "./serve-flags.js";
import { servePort } from "./serve-port.js";

/**
 * The server's settings from the flags, checked before anything starts (reading the agent,
 * the MCP servers, a model download): a non-loopback host without a key, or an unusable key
 * variable, is a usage error at once, its message naming the flags (agent-server's hints).
 */
export function serveSettings(flags: ServeFlags, io: Io): ServerSettings {
  try {
    const settings: ServerSettings = {
      ...(flags.name === undefined ? {} : { modelName: flags.name }),
      host: flags.host,
      port: servePort(flags.port, io.env),
      maxConcurrency: flags.maxConcurrency,
      maxBodyBytes: flags.maxBody,
      hints: FLAG_HINTS.serve,
      ...(flags.apiKeyEnv === undefined
        ? {}
        : { apiKey: apiKeyFromEnv(flags.apiKeyEnv, io.env, FLAG_HINTS.serveApiKey) }),
    };
    checkServerOptions(settings);
    return settings;
  } catch (error) {
    if (!AgentServerError.isInstance(error)) throw error;
    throw new CliError({ code: "USAGE", message: error.message, cause: error });
  }
}
