export { defaultMaxConcurrentStarts } from "../defaults.js";
export type { PrestartedServers, PrestartOptions } from "../stdio/prestart.js";
export { prestartStdioServers } from "../stdio/prestart.js";
