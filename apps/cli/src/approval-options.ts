import type { Command } from "commander";
import { collect } from "./option-values.js";

/**
 * The approval flags of the commands that run tools: `--yes` (its help, `yesHelp`, says who
 * would have been asked on that command) and `--allow-tool NAME` (repeatable, `*` globs).
 */
export function addApprovalOptions(command: Command, yesHelp: string): Command {
  return command
    .option("--yes", yesHelp)
    .option(
      "--allow-tool <name>",
      "run this tool without approval; * matches any characters (repeatable)",
      collect,
      [],
    );
}
