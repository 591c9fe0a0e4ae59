import { expectedGot, redactUrl } from "@tinyloop/errors";
import { OtlpExportError } from "./otlp-export-error.js";

/** Where and how traces are exported, decided from what the program asks and the standard variables. */
export interface OtlpSettings {
  /**
   * The traces URL the program gave (`/v1/traces` added to a bare endpoint); undefined
   * leaves it to the exporter's standard variables (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
   * `OTEL_EXPORTER_OTLP_ENDPOINT`, else http://localhost:4318/v1/traces).
   */
  url: string | undefined;
  /** `OTEL_SERVICE_NAME`, else `tinyloop`. */
  serviceName: string;
  /** Asked for, or `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`. */
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

/** What the program asks for, beside the standard variables (a CLI: its flags' values). */
export interface OtlpRequest {
  /** Export on: `true` leaves the receiver to the standard variables; a string is its URL. */
  url?: string | boolean | undefined;
  /** Spans also hold tool arguments, results and messages (secrets masked). */
  captureContent?: boolean | undefined;
}

/** How the program's users give the settings, named in its messages (a CLI: its flags). */
export interface OtlpHints {
  /** Where the URL is given, e.g. `--otlp`; the message's path and example start with it. */
  url?: string;
}

const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === "true";

/**
 * The export settings, or undefined when export stays off: on when `request.url` is given, or
 * with `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` set, unless
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` (the standard switches off; an
 * explicit request wins over them).
 * @throws OtlpExportError (`URL_INVALID`) for a URL that is not http(s), named by `hints.url`.
 */
export function otlpSettings(
  request: OtlpRequest,
  env: Readonly<Record<string, string | undefined>>,
  hints: OtlpHints = {},
): OtlpSettings | undefined {
  const fromEnv =
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) || Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const on = request.url !== undefined && request.url !== false;
  if (!on && !fromEnv) return undefined;
  if (!on && (isTrue(env.OTEL_SDK_DISABLED) || env.OTEL_TRACES_EXPORTER?.trim() === "none")) {
    return undefined;
  }
  const url = typeof request.url === "string" ? tracesUrl(request.url, hints) : undefined;
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
      request.captureContent === true ||
      isTrue(env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT),
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
function tracesUrl(value: string, hints: OtlpHints): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL("invalid:");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OtlpExportError({
      code: "URL_INVALID",
      message: expectedGot({
        path: hints.url ?? "url",
        expected: "the http(s) URL of an OTLP/HTTP receiver",
        got: value,
        example: hints.url ? `${hints.url} http://localhost:4318` : "http://localhost:4318",
      }),
    });
  }
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/v1/traces";
  return url.toString();
}
