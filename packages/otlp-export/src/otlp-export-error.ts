import { errorMarker, hasErrorMarker, markErrorClass } from "@tinyloop/errors";

const marker = errorMarker("otlp-export", "OtlpExportError");

/** Stable codes of {@link OtlpExportError}. */
export type OtlpExportErrorCode =
  /** The receiver's URL is not an http(s) URL. */
  "URL_INVALID";

/** The one error class of `@tinyloop/otlp-export`: settings that cannot be used. */
export class OtlpExportError extends Error {
  static {
    markErrorClass(OtlpExportError, marker);
  }

  /** What went wrong, stable across versions. */
  readonly code: OtlpExportErrorCode;

  constructor({
    code,
    message,
    cause,
  }: { code: OtlpExportErrorCode; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "OtlpExportError";
    this.code = code;
  }

  /** True for any `OtlpExportError`, also one created by another copy of this package. */
  static isInstance(value: unknown): value is OtlpExportError {
    return hasErrorMarker(value, marker);
  }
}
