import { tinyloopVitestConfig } from "@tinyloop/vitest-config";

// The site build (TypeDoc + VitePress) takes ~30 s of CPU; on a busy 2-core machine more.
export default tinyloopVitestConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } });
