import { describeValue, oneOf, typeWords, valueAt } from "@tinyloop/errors";
import { englishErrors } from "@tinyloop/errors/zod";
import * as z from "zod/mini";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import type { ParsedDocument } from "./parsed-document.js";

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

/**
 * Parses `input` (found at `at` in the document) with `schema`; on failure throws an
 * {@link AgentFileError} for the first problem: its path, what was expected, what was
 * found and an example of the right form. zod's own messages are English whatever zod's
 * global config says (see {@link englishErrors}).
 */
export function parseAt<T extends z.core.$ZodType>(
  schema: T,
  input: unknown,
  { doc, at = [], example }: { doc: ParsedDocument; at?: ConfigPath; example?: string },
): z.output<T> {
  const result = z.safeParse(schema, input, { error: englishErrors() });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [
    ...at,
    ...(issue?.path.filter((p): p is string | number => typeof p !== "symbol") ?? []),
  ];
  const received = describeValue(valueAt(input, path.slice(at.length)), (text) =>
    doc.source.masked(text),
  );
  const withExample = example === undefined ? {} : { example };
  if (!issue) throw invalidAt(doc, at, { problem: "invalid value", ...withExample });
  switch (issue.code) {
    case "invalid_type":
      throw invalidAt(doc, path, {
        expected: typeWords(issue.expected),
        received,
        ...withExample,
      });
    case "invalid_value":
      throw invalidAt(doc, path, {
        expected: oneOf(issue.values.slice(0, 3).map((v) => JSON.stringify(v))),
        received,
        ...withExample,
      });
    default:
      // Our own texts may already start with "expected" (the formatter adds it again).
      throw invalidAt(doc, path, {
        expected: issue.message.replace(/^expected /, ""),
        received,
        ...withExample,
      });
  }
}
