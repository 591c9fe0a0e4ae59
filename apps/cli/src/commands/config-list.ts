import { listClientConfigs, listedConfigText } from "@tinyloop/agent-files";
import { configPlaces } from "../agent/config-places.js";
import { EXIT, type Io } from "../io.js";
import { FLAG_HINTS } from "../session/flag-hints.js";

/**
 * `tinyloop config list [--json]`: every MCP client config found in the standard places,
 * each read for its server count, warnings and problems (agent-files' `listClientConfigs`).
 * Starts no server; exit 0.
 */
export async function configListCommand(flags: { json?: boolean }, io: Io): Promise<number> {
  const listed = await listClientConfigs(configPlaces(io), {
    hints: { loginAhead: FLAG_HINTS.loginAhead },
  });
  if (flags.json) {
    io.stdout.write(`${JSON.stringify(listed, null, 2)}\n`);
    return EXIT.ok;
  }
  if (listed.length === 0) {
    io.stdout.write(
      "No MCP client config found in the standard places (Claude, Cursor, VS Code, Windsurf, Cline, Roo, Codex, Gemini CLI, opencode, Zed, Goose, Continue, LM Studio, Amazon Q).\n",
    );
    return EXIT.ok;
  }
  for (const entry of listed)
    io.stdout.write(`${listedConfigText(entry, { cwd: io.cwd, fromSetting: "--from" })}\n`);
  return EXIT.ok;
}
