// `pnpm mutate --package agent-loop`: the modules where a silent break costs most.
import { tinyloopStrykerConfig } from "@tinyloop/vitest-config/stryker";

export default tinyloopStrykerConfig({
  mutate: [
    // exit tools: which call ends the run, and how
    "src/exit-tools.ts",
    // approval: who is asked, in which order, and what a denial tells the model
    "src/run-tool-calls.ts",
    "src/tool-result-texts.ts",
  ],
});
