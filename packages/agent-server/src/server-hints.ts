/**
 * How the operator or a client fixes what the server refuses, in the words of the program
 * that embeds it (a CLI names its flags and commands). Each is added to the neutral message;
 * without it the message names the library's own options alone.
 */
export interface ServerHints {
  /** How the operator gives the server a key (`KEY_REQUIRED`), e.g. a CLI's `--api-key-env`. */
  giveApiKey?: string;
  /** Where a client finds the key when it sent none (the 401 `missing_api_key`). */
  findApiKey?: string;
  /** What a client does about a wrong key (the 401 `invalid_api_key`). */
  fixApiKey?: string;
  /** How the operator turns tool search off (`TOOL_SEARCH_TAKEN`), e.g. a CLI's flag. */
  toolSearchNever?: string;
  /** The program's own port setting, said to win over a bad `PORT` (e.g. a CLI's `--port`). */
  port?: string;
}

/** ` (hint)` when a hint is given, else nothing: for the end of a message. */
export function inParentheses(hint: string | undefined): string {
  return hint ? ` (${hint})` : "";
}
