// `pnpm mutate --package agent-server`: the modules where a silent break costs most.
import { tinyloopStrykerConfig } from "@tinyloop/vitest-config/stryker";

export default tinyloopStrykerConfig({
  mutate: [
    // body size limit and JSON errors
    "src/read-json-body.ts",
    // the chat page's files and security headers
    "src/chat-page.ts",
    // the API key check
    "src/bearer-auth.ts",
  ],
});
