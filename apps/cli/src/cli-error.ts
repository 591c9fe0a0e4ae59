import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

// tooling/publish-check holds this class to tinyloop's error-marker convention.
const marker = errorMarker("cli", "CliError");

/** Stable codes of {@link CliError}. Problems with agent files are `AgentFileError`s. */
export type CliErrorCode = "USAGE";

/**
 * The CLI's one error class. Every `CliError` is a problem with what the user gave us
 * (a flag, a provider), so it maps to exit code 2 and is printed without a stack.
 */
export class CliError extends Error {
  static {
    markErrorClass(CliError, marker);
  }

  readonly code: CliErrorCode;

  constructor({ code, message, cause }: { code: CliErrorCode; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "CliError";
    this.code = code;
  }

  /** True for any `CliError`, also one from a duplicate install of this package. */
  static isInstance(value: unknown): value is CliError {
    return hasErrorMarker(value, marker);
  }
}
