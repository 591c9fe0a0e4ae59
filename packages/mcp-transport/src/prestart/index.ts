export type { PrestartedServers, PrestartOptions } from "../stdio/prestart.js";
export { prestartStdioServers } from "../stdio/prestart.js";
