// Commands of the real MCP servers the tests start.

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The dynamic test server (see __fixtures__/dynamic-server.mjs) with these tools. */
export function dynamicServer(
  tools: { name: string; description?: string; inputSchema?: object; outputSchema?: object }[],
  name = "dynamic",
) {
  return {
    command: process.execPath,
    args: [
      fileURLToPath(new URL("./__fixtures__/dynamic-server.mjs", import.meta.url)),
      JSON.stringify({ name, tools }),
    ],
  };
}

/** `@modelcontextprotocol/server-everything` over stdio, from node_modules. */
export function everythingServer() {
  return {
    command: process.execPath,
    args: [require.resolve("@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  };
}

/** `@modelcontextprotocol/server-filesystem` allowed to use `directory`. */
export function filesystemServer(directory: string) {
  return {
    command: process.execPath,
    args: [require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js"), directory],
  };
}
