import type { ConfigPath } from "./config-path.js";
import type { Position, SourceText } from "./source-text.js";

/** A parsed JSON(C) or YAML file that can say where a value sits. */
export interface ParsedDocument {
  file: string;
  value: unknown;
  source: SourceText;
  /**
   * Line and column of the value at `path` (of its key with `key: true`); the nearest
   * existing parent when the path itself is absent.
   */
  locate(path: ConfigPath, options?: { key?: boolean }): Position | undefined;
  /** Problems the parser tolerated (duplicate keys, YAML warnings). */
  warnings: Array<{ message: string; position?: Position }>;
}
