import type { ViteUserConfig } from "vitest/config";

/** Export condition under which workspace packages point at their TypeScript sources. */
export declare const sourceCondition: string;
/** The shared config, optionally merged with a package's own overrides. */
export declare function tinyloopVitestConfig(overrides?: ViteUserConfig): ViteUserConfig;
