import { tinyloopVitestConfig } from "@tinyloop/vitest-config";

// The end-to-end tests start the built CLI, real servers and tmux on a shared 2-core
// machine (CI runs two packages' tests at once): each wait has its own deadline with a
// clear message, and the test as a whole gets room above those.
export default tinyloopVitestConfig({ test: { testTimeout: 120_000, hookTimeout: 60_000 } });
