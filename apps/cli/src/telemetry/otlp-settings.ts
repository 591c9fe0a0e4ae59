import {
  OtlpExportError,
  type OtlpSettings,
  otlpSettings as settingsOf,
} from "@tinyloop/otlp-export";
import { CliError } from "../cli-error.js";

/** The flags that turn trace export on. */
export interface OtlpFlags {
  /** `--otlp` alone is `true`; `--otlp URL` the URL. */
  otlp?: string | boolean;
  otlpContent?: boolean;
}

/** otlp-export's settings under `--otlp [URL]` / `--otlp-content`; a bad URL is a usage error. */
export function otlpSettings(
  flags: OtlpFlags,
  env: Readonly<Record<string, string | undefined>>,
): OtlpSettings | undefined {
  try {
    return settingsOf({ url: flags.otlp, captureContent: flags.otlpContent }, env, {
      url: "--otlp",
    });
  } catch (error) {
    if (!OtlpExportError.isInstance(error)) throw error;
    throw new CliError({ code: "USAGE", message: error.message, cause: error });
  }
}
