// The fast unit tests of the modules in stryker.config.mjs, and nothing else.
import { tinyloopMutationConfig } from "@tinyloop/vitest-config";

export default tinyloopMutationConfig([
  "src/secret-redactor.test.ts",
  "src/secret-redactor-errors.test.ts",
  "src/oauth/oauth.test.ts",
  "src/oauth/step-up-bound.test.ts",
  "src/oauth/oauth-store.test.ts",
  "src/oauth/oauth-session.test.ts",
  "src/oauth/authorization-checks.test.ts",
  "src/stdio/process-tree-signal.test.ts",
]);
