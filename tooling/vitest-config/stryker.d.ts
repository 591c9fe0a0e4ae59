/** The part of a package's Stryker config that differs between packages. */
export interface TinyloopStrykerOptions {
  /** The source files (or `file:startLine-endLine` ranges) to mutate. */
  mutate: string[];
}
/** A package's Stryker config: the shared settings with its `mutate` list. */
export declare function tinyloopStrykerConfig(
  options: TinyloopStrykerOptions,
): Record<string, unknown>;
