export { DEFAULT_MAX_MESSAGE_BYTES } from "./json-rpc-line-reader.js";
export { LineTail } from "./line-tail.js";
export { parentDeathWatchdogPid, startParentDeathWatchdog } from "./parent-death-watchdog.js";
export {
  buildServerEnvironment,
  SAFE_ENVIRONMENT_VARIABLES,
  WINDOWS_SAFE_ENVIRONMENT_VARIABLES,
} from "./safe-environment.js";
export type { ProcessExit, StdioProcessTransportOptions } from "./stdio-process-transport.js";
export { StdioProcessTransport } from "./stdio-process-transport.js";
