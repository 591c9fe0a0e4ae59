// The fast unit tests of the modules in stryker.config.mjs, and nothing else.
import { tinyloopMutationConfig } from "@tinyloop/vitest-config";

export default tinyloopMutationConfig([
  "src/document-secrets.test.ts",
  "src/redact-agent.test.ts",
  "src/variables.test.ts",
  "src/env-file.test.ts",
  "src/secret-words.test.ts",
]);
