import { tinyloopVitestConfig } from "@tinyloop/vitest-config";

// Real servers, a real browser and 50 concurrent streams on a shared 2-core machine (CI
// runs two packages' tests at once): each wait has its own deadline, the test gets room above.
export default tinyloopVitestConfig({ test: { testTimeout: 90_000, hookTimeout: 60_000 } });
