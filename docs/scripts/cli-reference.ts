import { commandTree } from "tinyloop/command-tree";

/** A commander command, as the CLI's tree hands it out. */
type Command = ReturnType<typeof commandTree>;

/** Help is rendered as wide as `--help` prints into a pipe (commander's default). */
const HELP_WIDTH = 80;

/** Text for the page outside code: Vue would read `ask_<agent>` as a tag. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Every command under `root`, depth first, with its full name (`tinyloop mcp tools`). */
function commandsOf(root: Command, prefix = ""): { name: string; command: Command }[] {
  const name = prefix ? `${prefix} ${root.name()}` : root.name();
  return [{ name, command: root }, ...root.commands.flatMap((child) => commandsOf(child, name))];
}

/** What `tinyloop … --help` prints for `command`, captured rather than re-described. */
function helpText(command: Command): string {
  let text = "";
  command.configureOutput({
    writeOut: (chunk) => {
      text += chunk;
    },
    getOutHelpWidth: () => HELP_WIDTH,
    getOutHasColors: () => false,
  });
  command.outputHelp();
  return text.trimEnd();
}

/**
 * The CLI reference page: each command's `--help`, produced by commander from the same
 * command tree that parses the command line, so the page and `--help` cannot disagree.
 */
export function cliReferencePage(): string {
  const sections = commandsOf(commandTree()).map(
    ({ name, command }) =>
      `## \`${name}\`\n\n${escapeHtml(command.description())}\n\n\`\`\`text\n${helpText(command)}\n\`\`\``,
  );
  return [
    "# CLI reference",
    "",
    "Generated from the `tinyloop` command tree by `docs/scripts/cli-reference.ts`: each section is",
    "exactly what `--help` prints for that command. [Commands and flags explained](/reference/cli-commands)",
    "says more about each.",
    "",
    sections.join("\n\n"),
    "",
  ].join("\n");
}
