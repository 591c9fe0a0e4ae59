import { tinyloopVitestConfig } from "@tinyloop/vitest-config";

export default tinyloopVitestConfig();
