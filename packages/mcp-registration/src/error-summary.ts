/**
 * An error message without the block of stderr lines the transport appends
 * (`\nLast stderr lines:\n  …`), on one line: what a model or a status line needs.
 * The full message stays on the error object.
 */
export function errorSummary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cut = message.indexOf("\nLast stderr lines:");
  const summary = (cut === -1 ? message : message.slice(0, cut)).replace(/\s*\n\s*/g, " ").trim();
  return summary === "" ? "(no message)" : summary;
}

/** A thrown value as an `Error` (a string or other value becomes its message). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
