export { defaultAgent } from "./agent/default-agent.js";
export { readAgent } from "./agent/read-agent.js";
export type { CliErrorCode } from "./cli-error.js";
export { CliError } from "./cli-error.js";
