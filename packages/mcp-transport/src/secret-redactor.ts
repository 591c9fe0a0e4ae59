import { redactUrl, SECRET_MASK } from "@tinyloop/errors";
import type { ServerConfig } from "./config-schema.js";
import { McpTransportError } from "./errors.js";

/** What a secret is replaced by, the same mask `redactUrl` uses. */
const MASK = SECRET_MASK;
/** Shorter values (`"1"`, `"true"`) would blank out ordinary text; they are not treated as secrets. */
const MIN_SECRET_LENGTH = 4;
const AUTH_SCHEME = /^(Bearer|Basic|Token)\s+(.+)$/i;

/** The `oauth` keys of a server config that hold a secret (masked, and warned about when written into a file). */
export const OAUTH_SECRET_KEYS = [
  "clientSecret",
  "privateKey",
  "workloadToken",
  "idToken",
  "idpClientSecret",
] as const;

/** Turns text that may hold a configured secret into text that may be printed. */
export type Redact = (text: string) => string;

/** Where a server config keeps its secrets; a {@link ServerConfig} is one. */
export interface SecretSources {
  headers?: Readonly<Record<string, string>>;
  env?: Readonly<Record<string, string>>;
  url?: string;
}

/**
 * The secrets of one server config: every header value (and the credential after
 * `Bearer`/`Basic`/`Token`), every `env` value, the user info and query values of the
 * URL (raw and percent-decoded), and the `oauth` secrets (client secret, private key and each
 * line of it, workload and ID tokens). A server may echo any of them back in an error body or
 * on stderr.
 */
export function configSecrets(config: SecretSources | ServerConfig): string[] {
  const found: string[] = [];
  const add = (value: string | undefined) => {
    if (value === undefined) return;
    found.push(value);
    try {
      found.push(decodeURIComponent(value));
    } catch {
      // not percent-encoded
    }
  };
  for (const value of Object.values(("headers" in config && config.headers) || {})) {
    add(value);
    add(AUTH_SCHEME.exec(value)?.[2]);
  }
  for (const value of Object.values(("env" in config && config.env) || {})) add(value);
  if ("url" in config && config.url !== undefined) {
    try {
      const url = new URL(config.url);
      add(url.username);
      add(url.password);
      for (const value of url.searchParams.values()) add(value);
    } catch {
      // not a URL: parseServerConfig reports it
    }
  }
  const oauth = "oauth" in config ? config.oauth : undefined;
  for (const key of OAUTH_SECRET_KEYS) {
    const value = oauth?.[key];
    if (value === undefined) continue;
    add(value);
    // A PEM key may come back a line at a time: each line of its body is masked too (split
    // at LF or CRLF, also when they are written out as the escapes \n or \r\n).
    for (const line of value.split(/(?:\\r)?\\n|\r?\n/))
      if (line.length >= 16 && !line.startsWith("-----")) add(line);
  }
  // Longest first, so a secret that contains another is masked whole.
  return [...new Set(found.filter((value) => value.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
}

/**
 * A function that masks every secret of `config` (see {@link configSecrets}) in a text,
 * and prints the config's URL as {@link redactUrl} does.
 */
export function createSecretRedactor(config: ServerConfig): Redact {
  const secrets = configSecrets(config);
  const url = "url" in config ? config.url : undefined;
  const safeUrl = url === undefined ? undefined : redactUrl(url);
  if (secrets.length === 0 && url === safeUrl) return (text) => text;
  const mask = maskSecrets(secrets);
  return (text) =>
    mask(url !== undefined && safeUrl !== undefined ? text.split(url).join(safeUrl) : text);
}

/**
 * A function that replaces every occurrence of each of `secrets` in a text by `***`,
 * longest first (so a secret that contains another is masked whole).
 */
export function maskSecrets(secrets: readonly string[]): Redact {
  const longestFirst = [...new Set(secrets)]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of longestFirst) if (out.includes(secret)) out = out.split(secret).join(MASK);
    return out;
  };
}

/**
 * The same error with every text redacted: message, stderr tail, and the messages along
 * its `cause` chain (causes become plain errors keeping `name`, `code` and `status`, so
 * that a body quoted by the SDK cannot leak through `cause` either). Values that are not
 * McpTransportErrors are returned unchanged.
 */
export function redactError<T>(error: T, redact: Redact): T {
  if (!McpTransportError.isInstance(error)) return error;
  return new McpTransportError({
    code: error.code,
    message: redact(error.message),
    ...(error.server === undefined ? {} : { server: error.server }),
    ...(error.stderrTail === undefined ? {} : { stderrTail: error.stderrTail.map(redact) }),
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.rpcCode === undefined ? {} : { rpcCode: error.rpcCode }),
    ...(error.exitCode === undefined ? {} : { exitCode: error.exitCode }),
    ...(error.signal === undefined ? {} : { signal: error.signal }),
    ...(error.mayHaveRun === undefined ? {} : { mayHaveRun: error.mayHaveRun }),
    ...(error.cause === undefined ? {} : { cause: redactCause(error.cause, redact, 0) }),
  }) as T;
}

function redactCause(cause: unknown, redact: Redact, depth: number): unknown {
  if (depth > 5) return undefined;
  if (McpTransportError.isInstance(cause)) return redactError(cause, redact);
  if (!(cause instanceof Error)) return typeof cause === "string" ? redact(cause) : undefined;
  const copy = new Error(redact(cause.message), {
    ...(cause.cause === undefined ? {} : { cause: redactCause(cause.cause, redact, depth + 1) }),
  });
  copy.name = cause.name;
  const { code, status } = cause as { code?: unknown; status?: unknown };
  if (code !== undefined) Object.assign(copy, { code });
  if (status !== undefined) Object.assign(copy, { status });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
