import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("registry", "RegistryError");

/** Stable codes of {@link RegistryError}. */
export type RegistryErrorCode =
  /** A tool name breaks `^[a-zA-Z0-9_-]{1,64}$`. */
  | "NAME_INVALID"
  /** A tool of that name is already registered and `replace` was not set. */
  | "NAME_TAKEN"
  /** The definition or handler passed to `register` has the wrong shape. */
  | "DEFINITION_INVALID";

/** Constructor argument of {@link RegistryError}. */
export interface RegistryErrorOptions {
  code: RegistryErrorCode;
  message: string;
  cause?: unknown;
}

/**
 * The one error class of `@tinyloop/registry`, thrown by `register` for programmer errors.
 * `dispatch` never throws it: tool-level problems become error results instead.
 */
export class RegistryError extends Error {
  static {
    markErrorClass(RegistryError, marker);
  }

  readonly code: RegistryErrorCode;

  constructor({ code, message, cause }: RegistryErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "RegistryError";
    this.code = code;
  }

  /** True for any `RegistryError`, also one from a duplicate install of this package. */
  static isInstance(value: unknown): value is RegistryError {
    return hasErrorMarker(value, marker);
  }
}
