import { tinyloopVitestConfig } from "@tinyloop/vitest-config";

// Packing and installing every package takes a minute or two (npm fetches third-party deps).
export default tinyloopVitestConfig({ test: { testTimeout: 600_000, hookTimeout: 600_000 } });
