// The fast unit tests of the modules in stryker.config.mjs, and nothing else.
import { tinyloopMutationConfig } from "@tinyloop/vitest-config";

export default tinyloopMutationConfig(["src/redact-url.test.ts"]);
