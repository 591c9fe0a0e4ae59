// Shared vitest settings for every tinyloop package.
import { defineConfig, mergeConfig } from "vitest/config";

/** Export condition under which workspace packages point at their TypeScript sources. */
export const sourceCondition = "@tinyloop/source";

const base = defineConfig({
  resolve: { conditions: [sourceCondition] },
  ssr: { resolve: { conditions: [sourceCondition] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ["default", "json"],
    outputFile: { json: "./.vitest-results.json" },
  },
});

/**
 * The shared config, optionally merged with a package's own overrides.
 * @param {import("vitest/config").ViteUserConfig} [overrides]
 */
export function tinyloopVitestConfig(overrides = {}) {
  return mergeConfig(base, overrides);
}

/**
 * The shared config for a mutation run (`pnpm mutate`): the package's settings with
 * `test.include` replaced, not merged, by the given fast unit tests. (`mergeConfig` joins
 * arrays, so an override would only add to the default `src/**\/*.test.ts`.)
 * @param {string[]} include
 */
export function tinyloopMutationConfig(include) {
  const config = tinyloopVitestConfig({ test: { reporters: ["default"] } });
  return { ...config, test: { ...config.test, include, reporters: ["default"], outputFile: {} } };
}
