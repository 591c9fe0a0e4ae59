// `pnpm mutate --package mcp-transport`: the modules where a silent break costs most.
import { tinyloopStrykerConfig } from "@tinyloop/vitest-config/stryker";

export default tinyloopStrykerConfig({
  mutate: [
    // redaction of secrets in everything the package reports (URLs: @tinyloop/errors)
    "src/secret-redactor.ts",
    // OAuth: the login cap and the token store
    "src/oauth/oauth-login.ts",
    "src/oauth/oauth-store.ts",
    // shutdown: which signal reaches which processes
    "src/stdio/process-tree-signal.ts",
  ],
});
