import { expectedGot } from "@tinyloop/errors";
import { CliError } from "../cli-error.js";

/** Where and how the CLI exports traces, decided from `--otlp [URL]` and the standard variables. */
export interface OtlpSettings {
  /**
   * The traces URL given with `--otlp URL` (`/v1/traces` added to a bare endpoint); undefined
   * leaves it to the exporter's standard variables (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
   * `OTEL_EXPORTER_OTLP_ENDPOINT`, else http://localhost:4318/v1/traces).
   */
  url: string | undefined;
  /** `OTEL_SERVICE_NAME`, else `tinyloop`. */
  serviceName: string;
  /** `--otlp-content` or `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`. */
  captureContent: boolean;
}

/** The flags that turn export on. */
export interface OtlpFlags {
  /** `--otlp` alone is `true`; `--otlp URL` the URL. */
  otlp?: string | boolean;
  otlpContent?: boolean;
}

const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === "true";

/**
 * The export settings, or undefined when export stays off: on with `--otlp [URL]`, or with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` set, unless
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` (the standard switches off).
 * @throws CliError for an `--otlp` value that is not an http(s) URL.
 */
export function otlpSettings(
  flags: OtlpFlags,
  env: Readonly<Record<string, string | undefined>>,
): OtlpSettings | undefined {
  const fromEnv =
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) || Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const on = flags.otlp !== undefined && flags.otlp !== false;
  if (!on && !fromEnv) return undefined;
  if (!on && (isTrue(env.OTEL_SDK_DISABLED) || env.OTEL_TRACES_EXPORTER?.trim() === "none")) {
    return undefined;
  }
  return {
    url: typeof flags.otlp === "string" ? tracesUrl(flags.otlp) : undefined,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || "tinyloop",
    captureContent:
      flags.otlpContent === true || isTrue(env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT),
  };
}

/** `URL` as the traces URL: an endpoint without a path gets `/v1/traces`, as the standard variable does. */
function tracesUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL("invalid:");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError({
      code: "USAGE",
      message: expectedGot({
        path: "--otlp",
        expected: "the http(s) URL of an OTLP/HTTP receiver",
        got: value,
        example: "--otlp http://localhost:4318",
      }),
    });
  }
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/v1/traces";
  return url.toString();
}
