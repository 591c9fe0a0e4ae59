// The fast unit tests of the modules in stryker.config.mjs, and nothing else.
import { tinyloopMutationConfig } from "@tinyloop/vitest-config";

export default tinyloopMutationConfig([
  "src/exit-tools.test.ts",
  "src/run-tool-calls.test.ts",
  "src/run-tool-calls-approval.test.ts",
  "src/readme-promises.test.ts",
  "src/agent-options.test.ts",
]);
