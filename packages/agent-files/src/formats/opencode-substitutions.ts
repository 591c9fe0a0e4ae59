import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { AgentFileError } from "../agent-file-error.js";
import type { ConfigPath } from "../config-path.js";
import type { ParsedDocument } from "../parsed-document.js";
import { readConfigFile } from "../read-config-file.js";
import { invalidAt } from "../schema-error.js";

const SUBSTITUTION = /\{(env|file):([^}]*)\}/g;

/**
 * opencode's substitutions in every string of `value` (found at `path`): `{env:VAR}` becomes
 * `${VAR:-}` (opencode puts an empty string for an unset variable, and tinyloop's one
 * expander then does the rest; `VAR` goes to `references`, the only names expanded in an
 * opencode file: opencode leaves `${…}` as written); `{file:PATH}` becomes the file's text, trimmed (`~/` is the
 * home folder, a relative path is relative to the config file). A file's text is masked in
 * excerpts as a secret. An unreadable file is an `INVALID` error at the key that names it.
 */
export function substituteOpencode(
  doc: ParsedDocument,
  value: unknown,
  path: ConfigPath,
  home: string | undefined,
  references: Set<string>,
): unknown {
  if (typeof value === "string") {
    if (!value.includes("{")) return value;
    return value.replace(SUBSTITUTION, (_, kind: string, body: string) => {
      if (kind === "env") {
        references.add(body.trim());
        return `\${${body.trim()}:-}`;
      }
      return readSubstitutedFile(doc, body.trim(), path, home);
    });
  }
  if (Array.isArray(value))
    return value.map((item, index) =>
      substituteOpencode(doc, item, [...path, index], home, references),
    );
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        substituteOpencode(doc, item, [...path, key], home, references),
      ]),
    );
  }
  return value;
}

function readSubstitutedFile(
  doc: ParsedDocument,
  target: string,
  path: ConfigPath,
  home: string | undefined,
): string {
  const file = target.startsWith("~/")
    ? join(home ?? homedir(), target.slice(2))
    : isAbsolute(target)
      ? target
      : resolve(dirname(doc.file), target);
  let text: string;
  try {
    text = readConfigFile(file).trim();
  } catch (error) {
    const reason = AgentFileError.isInstance(error) ? error.message : (error as Error).message;
    throw invalidAt(doc, path, {
      // The whole value is a secret (a header), so the message names the file, not the value.
      problem: `a {file:…} substitution cannot be read: ${reason}`,
      expected: "a readable file, relative to this config file, absolute, or under ~/",
      example: `"Authorization": "Bearer {file:~/.secrets/docs-token}"`,
    });
  }
  doc.source.hideSecrets([text]);
  return text;
}
