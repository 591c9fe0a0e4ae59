/**
 * `@tinyloop/durable/model-rate`: reading and writing a model rate (`60/m`) without loading
 * DBOS, pg or the agent loop, for a program that parses its arguments before it knows whether
 * it will run anything durable (the CLI's `--model-rate`, checked for every command's start-up).
 */
export type { DurableErrorCode } from "./durable-error.js";
export { DurableError } from "./durable-error.js";
export type { ModelRate } from "./model-rate.js";
export { modelRateText, parseModelRate } from "./model-rate-text.js";
