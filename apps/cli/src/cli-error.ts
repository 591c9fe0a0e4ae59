// tinyloop's error-marker convention (see any package's src/error-marker.ts), written out
// here because the CLI has this one error class: tooling/publish-check holds it to the same test.
const marker = Symbol.for("tinyloop.cli.CliError");

/** Stable codes of {@link CliError}. Problems with agent files are `AgentFileError`s. */
export type CliErrorCode = "USAGE";

/**
 * The CLI's one error class. Every `CliError` is a problem with what the user gave us
 * (a flag, a provider), so it maps to exit code 2 and is printed without a stack.
 */
export class CliError extends Error {
  static {
    // On the prototype, not enumerable: every instance carries it, from any copy of the CLI.
    Object.defineProperty(CliError.prototype, marker, { value: true });
  }

  readonly code: CliErrorCode;

  constructor({ code, message, cause }: { code: CliErrorCode; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "CliError";
    this.code = code;
  }

  /** True for any `CliError`, also one from a duplicate install of this package. */
  static isInstance(value: unknown): value is CliError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}
