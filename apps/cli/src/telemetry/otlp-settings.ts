import { expectedGot, redactUrl } from "@tinyloop/errors";
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
  /**
   * The encoding: `http/protobuf` when `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` (else
   * `OTEL_EXPORTER_OTLP_PROTOCOL`) says so, else `http/json`.
   */
  protocol: "http/json" | "http/protobuf";
  /** A protocol variable tinyloop cannot follow (`grpc`): said once, in these words, at start. */
  protocolNote?: string;
  /**
   * How long one export may take, retries included: {@link EXPORT_TIMEOUT_MS} unless
   * `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT` / `OTEL_EXPORTER_OTLP_TIMEOUT` set it (then undefined:
   * the exporter reads them).
   */
  exportTimeoutMs: number | undefined;
  /** The traces URL as messages show it (user info and query values masked). */
  shownUrl: string;
}

/**
 * One export's limit, retries included, and the most the flush at exit waits: a receiver
 * that is down or hangs costs a run one second, not the exporter's default ten.
 */
export const EXPORT_TIMEOUT_MS = 1000;

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
  const url = typeof flags.otlp === "string" ? tracesUrl(flags.otlp) : undefined;
  const protocolVariable = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim()
    ? "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
    : "OTEL_EXPORTER_OTLP_PROTOCOL";
  const protocol = env[protocolVariable]?.trim().toLowerCase() || "http/json";
  const known = protocol === "http/json" || protocol === "http/protobuf";
  const timeoutSet =
    Boolean(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT?.trim()) ||
    Boolean(env.OTEL_EXPORTER_OTLP_TIMEOUT?.trim());
  return {
    url,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || "tinyloop",
    captureContent:
      flags.otlpContent === true || isTrue(env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT),
    protocol: protocol === "http/protobuf" ? "http/protobuf" : "http/json",
    ...(known
      ? {}
      : {
          protocolNote: `${protocolVariable}=${env[protocolVariable]?.trim()} is not supported: traces are sent as http/json (http/protobuf is the other choice)`,
        }),
    exportTimeoutMs: timeoutSet ? undefined : EXPORT_TIMEOUT_MS,
    shownUrl: redactUrl(url ?? envTracesUrl(env)),
  };
}

/** The traces URL the exporter takes from the standard variables (their documented order). */
function envTracesUrl(env: Readonly<Record<string, string | undefined>>): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (base) return `${base.replace(/\/+$/, "")}/v1/traces`;
  return "http://localhost:4318/v1/traces";
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
