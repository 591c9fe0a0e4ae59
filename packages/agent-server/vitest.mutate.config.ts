// The fast tests of the modules in stryker.config.mjs (no browser), and nothing else.
import { tinyloopMutationConfig } from "@tinyloop/vitest-config";

export default tinyloopMutationConfig([
  "src/read-json-body.test.ts",
  "src/chat-page-files.test.ts",
  "src/readme-promises.test.ts",
  "src/create-agent-server.test.ts",
  "src/mcp-endpoint.test.ts",
]);
