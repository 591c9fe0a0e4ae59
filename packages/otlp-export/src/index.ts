export type { OtlpExportErrorCode } from "./otlp-export-error.js";
export { OtlpExportError } from "./otlp-export-error.js";
export type { OtlpHints, OtlpRequest, OtlpSettings } from "./otlp-settings.js";
export { EXPORT_TIMEOUT_MS, otlpSettings } from "./otlp-settings.js";
export type { RunningTracing } from "./start-tracing.js";
