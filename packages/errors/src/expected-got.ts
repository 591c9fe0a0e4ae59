import { describeValue } from "./describe-value.js";

/** Argument of {@link expectedGot}. */
export interface ExpectedGot {
  /** Where the value sits, already formatted (`servers[1].command`; see `formatKeyPath`). */
  path: string;
  /** What should have been there, worded to follow "expected" (`a string`, `a list`). */
  expected: string;
  /** The value found; described with `describeValue` unless `gotText` is given. */
  got?: unknown;
  /** The description of the value found, instead of describing `got` (e.g. for a secret). */
  gotText?: string;
  /** The right form, as the user would write it (`command: "npx"`). */
  example?: string;
}

/**
 * The one wording of a bad value in tinyloop: `path: expected …, got … (example: …)`.
 *
 * @example
 * expectedGot({ path: "servers[1].command", expected: "a string", got: 3, example: 'command: "npx"' })
 * // 'servers[1].command: expected a string, got a number (3) (example: command: "npx")'
 */
export function expectedGot({ path, expected, got, gotText, example }: ExpectedGot): string {
  const found = gotText ?? describeValue(got);
  const right = example === undefined ? "" : ` (example: ${example})`;
  return `${path}: expected ${expected}, got ${found}${right}`;
}
