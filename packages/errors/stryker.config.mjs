// `pnpm mutate --package errors`: the rule here whose silent break costs most.
import { tinyloopStrykerConfig } from "@tinyloop/vitest-config/stryker";

export default tinyloopStrykerConfig({
  mutate: [
    // the one URL redaction every package prints URLs through (user info and query values)
    "src/redact-url.ts",
  ],
});
