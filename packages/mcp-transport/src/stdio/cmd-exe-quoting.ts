/**
 * Characters cmd.exe treats specially; each is prefixed with `^` so cmd passes it on
 * literally (https://www.robvanderwoude.com/escapechars.php).
 */
const CMD_META_CHARACTERS = /[()[\]%!^"`<>&|;, *?]/g;

function caretEscape(text: string): string {
  return text.replace(CMD_META_CHARACTERS, (character) => `^${character}`);
}

/**
 * Quotes one argument for a command line that `cmd.exe /d /s /c "…"` runs: first the
 * C runtime's rules (backslashes before a quote or the end doubled, quotes escaped, the
 * whole wrapped in quotes), then every cmd metacharacter caret-escaped so nothing in the
 * argument can start a second command. `doubleEscape` escapes once more, for `.cmd` shims
 * that pass their arguments on to another cmd line (npm's `node_modules/.bin` shims).
 */
export function quoteCmdArgument(argument: string, doubleEscape: boolean): string {
  let quoted = argument.replace(/(\\*)"/g, '$1$1\\"');
  quoted = quoted.replace(/(\\*)$/, "$1$1");
  quoted = caretEscape(`"${quoted}"`);
  return doubleEscape ? caretEscape(quoted) : quoted;
}

/** Escapes the program path at the head of a cmd.exe command line. */
export function quoteCmdProgram(program: string): string {
  return caretEscape(program);
}
