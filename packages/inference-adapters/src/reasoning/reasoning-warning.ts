/**
 * How an adapter reports a reasoning setting its provider cannot take: the settings'
 * `onWarning`, else a Node process warning (printed once to stderr by default).
 */
export function reasoningWarner(onWarning: ((message: string) => void) | undefined) {
  return (message: string) => {
    if (onWarning) onWarning(message);
    else process.emitWarning(message, { code: "TINYLOOP_REASONING" });
  };
}
