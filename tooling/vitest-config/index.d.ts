import type { ViteUserConfig } from "vitest/config";

/** Export condition under which workspace packages point at their TypeScript sources. */
export declare const sourceCondition: string;
/** The shared config, optionally merged with a package's own overrides. */
export declare function tinyloopVitestConfig(overrides?: ViteUserConfig): ViteUserConfig;
/**
 * The shared config for a mutation run: `test.include` replaced (not merged) by the given
 * fast unit tests, so Stryker runs only those.
 */
export declare function tinyloopMutationConfig(include: string[]): ViteUserConfig;
