export { defaultAgent } from "@tinyloop/agent-files";
export { readAgent } from "./agent/read-agent.js";
export type { CliErrorCode } from "./cli-error.js";
export { CliError } from "./cli-error.js";
