// The fast unit tests of the modules in stryker.config.mjs (real HTTP servers, no browser,
// no agent runs), and nothing else: every chat request passes readJsonBody and the key
// check, so with the server's whole suite each mutant there would run it all.
import { tinyloopMutationConfig } from "@tinyloop/vitest-config";

export default tinyloopMutationConfig([
  "src/read-json-body.test.ts",
  "src/chat-page-files.test.ts",
  "src/bearer-auth.test.ts",
]);
