import { describeValue, oneOf, typeWords, valueAt } from "@tinyloop/errors";
import { englishErrors } from "@tinyloop/errors/zod";
import * as z from "zod/mini";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import type { ParsedDocument } from "./parsed-document.js";
import type { ProblemList } from "./problem-list.js";

/**
 * An {@link AgentFileError} `INVALID` at `path`, with its line:column and caret when known;
 * the file's secrets are masked in the excerpt and in the texts of `details`.
 */
export function invalidAt(
  doc: ParsedDocument,
  path: ConfigPath,
  details: { problem?: string; expected?: string; received?: string; example?: string },
  { key = false }: { key?: boolean } = {},
): AgentFileError {
  const position = doc.locate(path, { key });
  // A value quoted in the message (`got a string ("…")`) is masked as the excerpt is.
  const masked = Object.fromEntries(
    Object.entries(details).map(([name, text]) => [
      name,
      name === "example" ? text : doc.source.masked(text),
    ]),
  );
  return new AgentFileError({
    code: "INVALID",
    file: doc.file,
    path,
    ...(position ? { ...position, excerpt: doc.source.excerpt(position) } : {}),
    ...masked,
  });
}

/** An example of the right form: one for the whole value, or one per path (falling back to none). */
export type ExampleFor = string | ((path: ConfigPath) => string | undefined);

/**
 * Parses `input` (found at `at` in the document) with `schema`; on failure throws an
 * {@link AgentFileError} for the first problem — with every other problem zod found in
 * `others`, so a file's mistakes are all said at once — each with its path, what was
 * expected, what was found and an example of the right form (`example` may pick one per
 * path, so a `model` error shows a `model`, not a whole file). zod's own messages are
 * English whatever zod's global config says (see {@link englishErrors}).
 */
export function parseAt<T extends z.core.$ZodType>(
  schema: T,
  input: unknown,
  options: ParseOptions,
): z.output<T> {
  const result = z.safeParse(schema, input, { error: englishErrors() });
  if (result.success) return result.data;
  throw issuesError(result.error.issues, input, options);
}

/** Where {@link parseAt} parses and the example it shows. */
export interface ParseOptions {
  doc: ParsedDocument;
  at?: ConfigPath;
  example?: ExampleFor;
}

/**
 * {@link parseAt} for the top level of a file, going on past its problems: they go to
 * `problems`, and the value is parsed again without the keys that had one, so the good keys
 * still count (a bad `maxTurns` does not hide a mistyped `provider` or an unset variable).
 * Undefined when even that fails.
 */
export function parseGoodKeys<T extends z.core.$ZodType>(
  schema: T,
  input: unknown,
  options: ParseOptions,
  problems: ProblemList,
): z.output<T> | undefined {
  const result = z.safeParse(schema, input, { error: englishErrors() });
  if (result.success) return result.data;
  problems.add(issuesError(result.error.issues, input, options));
  if (input === null || typeof input !== "object" || Array.isArray(input)) return undefined;
  const bad = new Set(result.error.issues.map((issue) => issue.path[0]));
  if (bad.has(undefined)) return undefined;
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !bad.has(key)));
  const again = z.safeParse(schema, rest, { error: englishErrors() });
  return again.success ? again.data : undefined;
}

function issuesError(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  { doc, at = [], example }: ParseOptions,
): AgentFileError {
  const exampleAt = (path: ConfigPath) => {
    const text = typeof example === "function" ? example(path) : example;
    return text === undefined ? {} : { example: text };
  };
  const [first, ...rest] = issues.map((issue) => issueError(issue, input, doc, at, exampleAt));
  if (!first) return invalidAt(doc, at, { problem: "invalid value", ...exampleAt(at) });
  return rest.length === 0 ? first : first.withOthers(rest);
}

function issueError(
  issue: z.core.$ZodIssue,
  input: unknown,
  doc: ParsedDocument,
  at: ConfigPath,
  exampleAt: (path: ConfigPath) => { example?: string },
): AgentFileError {
  const path = [...at, ...issue.path.filter((p): p is string | number => typeof p !== "symbol")];
  const received = describeValue(valueAt(input, path.slice(at.length)), (text) =>
    doc.source.masked(text),
  );
  const withExample = exampleAt(path);
  switch (issue.code) {
    case "invalid_type":
      return invalidAt(doc, path, {
        expected: typeWords(issue.expected),
        received,
        ...withExample,
      });
    case "invalid_value":
      return invalidAt(doc, path, {
        expected: oneOf(issue.values.slice(0, 3).map((v) => JSON.stringify(v))),
        received,
        ...withExample,
      });
    default:
      // Our own texts may already start with "expected" (the formatter adds it again).
      return invalidAt(doc, path, {
        expected: issue.message.replace(/^expected /, ""),
        received,
        ...withExample,
      });
  }
}
