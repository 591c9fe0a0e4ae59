// `pnpm mutate --package agent-files`: the modules where a silent break costs most.
import { tinyloopStrykerConfig } from "@tinyloop/vitest-config/stryker";

export default tinyloopStrykerConfig({
  mutate: [
    // secrets in agent files: what is masked when a file is shown or checked
    "src/document-secrets.ts",
    "src/redact-agent.ts",
    // ${VAR} / ${input:ID} expansion and .env files
    "src/variables.ts",
    "src/env-file.ts",
  ],
});
