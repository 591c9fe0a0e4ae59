/**
 * The `error.type` of a failure: the error's stable `code` when it has one (an
 * `InferenceError`'s `HTTP_401`, a tool result's `TIMEOUT`), else its class name.
 */
export function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && code !== "") return code;
  if (error instanceof Error) return error.name;
  return "_OTHER";
}
