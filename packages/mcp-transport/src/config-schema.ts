import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import { HOST_PRESETS } from "./sandbox/sandbox-places.js";

// Every schema here is built on first use (see @tinyloop/errors' lazySchema): reading a config must not pay
// for the OAuth, HTTP and SSE schemas of servers it does not have. The exported constants
// (config-schema-constants.ts) are built from these. They are written with zod/mini, whose
// schemas carry no methods and whose code a bundle can tree-shake: classic zod costs the
// CLI's `config check` more start-up time than the rest of the check (issue 13).

/** JWS algorithms a `privateKey` may sign with (asymmetric only). */
export const SIGNING_ALGORITHMS = [
  "ES256",
  "ES384",
  "ES512",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "EdDSA",
] as const;

const positiveMs = () => z.int().check(z.positive());
const count = () => z.int().check(z.gte(0));

/** `timeouts`: how long to wait for things, in milliseconds. */
const timeoutsConfig = lazySchema(() =>
  z.strictObject({
    /** Spawn/reach the server and finish `initialize`. Default 30 000. */
    connectMs: z.optional(positiveMs()),
    /** One tool call (reset by progress when the caller listens for it). Default 60 000. */
    callMs: z.optional(positiveMs()),
    /** Upper bound for one call even while progress keeps arriving. Default: none. */
    maxTotalMs: z.optional(positiveMs()),
  }),
);
/** `timeouts` as written in a config. */
export type TimeoutsConfig = z.infer<ReturnType<typeof timeoutsConfig>>;

/** `reconnect`: how hard to try to (re)connect. */
const reconnectConfig = lazySchema(() =>
  z.strictObject({
    /** Retries after the first connect fails. Default 3. */
    initialRetries: z.optional(count()),
    /** Attempts after a drop mid-session. Default 5. */
    sessionRetries: z.optional(count()),
    /** First backoff delay; doubles per attempt, with jitter. Default 1 000. */
    baseDelayMs: z.optional(count()),
    /** Cap of the backoff delay. Default 30 000. */
    maxDelayMs: z.optional(count()),
  }),
);
/** `reconnect` as written in a config. */
export type ReconnectConfig = z.infer<ReturnType<typeof reconnectConfig>>;

const commonShape = () => ({
  /** `false` means: skip this server. Default `true`. (Read by callers; connectServer connects anyway.) */
  enabled: z.optional(z.boolean()),
  timeouts: z.optional(timeoutsConfig()),
  reconnect: z.optional(reconnectConfig()),
  /** Send an MCP `ping` this often while idle; a failed ping triggers a reconnect. Default: off. */
  pingIntervalMs: z.optional(positiveMs()),
});

/**
 * A string without NUL bytes: a NUL cannot be passed to a process (in `command`, `args`,
 * `env`, `cwd`) nor sent in a URL or header, and would otherwise fail late and obscurely.
 */
const text = () =>
  z.string().check(
    z.refine((value) => !value.includes("\0"), {
      message: "must not contain a NUL byte (\\u0000); remove it",
    }),
  );
/** {@link text}, non-empty. */
const nonEmptyText = () => text().check(z.minLength(1));

const stringMap = () => z.record(text(), text());

/**
 * {@link text} on one line: a CR or LF in a header name or value would end the header (an
 * injected second header), and fetch refuses it only when the first request is sent.
 */
const headerText = () =>
  text().check(
    z.refine((value) => !/[\r\n]/.test(value), {
      message: "must not contain a line break (CR or LF): a header is one line; remove it",
    }),
  );
const headerMap = () => z.record(headerText(), headerText());

/**
 * `oauth`: how to log in to an HTTP server that asks for OAuth (used when the caller passes
 * `oauth` options to connectServer). Everything is optional: by default the client
 * registers itself dynamically and lets the server's metadata pick the scopes.
 */
const oauthConfig = lazySchema(() =>
  z.strictObject({
    /** A client registered with the authorization server beforehand (no dynamic registration). */
    clientId: z.optional(z.string().check(z.minLength(1))),
    /** Its secret, for `client_secret_basic` / `client_secret_post`. */
    clientSecret: z.optional(z.string().check(z.minLength(1))),
    /** Scopes to ask for instead of those from WWW-Authenticate / `scopes_supported`. */
    scopes: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
    /** An https URL of this client's metadata document, used as client_id where the server supports it. */
    clientMetadataUrl: z.optional(
      z.url({
        protocol: /^https$/,
        error:
          "expected an https URL of the client metadata document (e.g. https://example.com/oauth/client.json)",
      }),
    ),
    /** Loopback port of the redirect URI (a pre-registered client needs the registered one). */
    callbackPort: z.optional(z.int().check(z.gte(1), z.lte(65535))),
    /**
     * A grant without a browser, for agents nobody sits beside: `client_credentials`
     * (`clientSecret` or `privateKey`), `jwt_bearer` (workload identity: `workloadToken` or
     * `workloadTokenFile`), `token_exchange` (enterprise-managed: an `idToken` exchanged at
     * `idpTokenEndpoint` for an ID-JAG). Left out: the interactive login.
     */
    grant: z.optional(z.enum(["client_credentials", "jwt_bearer", "token_exchange"])),
    /** A PKCS#8 PEM private key (`${VAR}`) for `private_key_jwt` client authentication. */
    privateKey: z.optional(nonEmptyText()),
    /** The JWS algorithm of `privateKey`; default from the key (EC P-256 → ES256, RSA → RS256, Ed25519 → EdDSA). */
    signingAlgorithm: z.optional(z.enum(SIGNING_ALGORITHMS)),
    /** `jwt_bearer`: the workload identity JWT itself (`${VAR}`). */
    workloadToken: z.optional(nonEmptyText()),
    /** `jwt_bearer`: a file holding the workload identity JWT, read for every token request (rotated tokens). */
    workloadTokenFile: z.optional(nonEmptyText()),
    /** `token_exchange`: the user's ID token from the enterprise identity provider (`${VAR}`). */
    idToken: z.optional(nonEmptyText()),
    /** `token_exchange`: the identity provider's token endpoint. */
    idpTokenEndpoint: z.optional(nonEmptyText()),
    /** `token_exchange`: this client's ID at the identity provider. */
    idpClientId: z.optional(nonEmptyText()),
    /** `token_exchange`: its secret at the identity provider (`${VAR}`). */
    idpClientSecret: z.optional(nonEmptyText()),
    /** The authorization server (issuer URL) these credentials belong to; they are sent to no other. */
    issuer: z.optional(nonEmptyText()),
    /** Ask for DPoP-bound tokens (RFC 9449): each request carries a proof signed by a key of this process. */
    dpop: z.optional(z.boolean()),
  }),
);
/** `oauth` as written in a config. */
export type OAuthConfig = z.infer<ReturnType<typeof oauthConfig>>;

/** A folder in a sandbox policy: absolute, or `~/…` (the user's home); no NUL. */
const policyFolder = () =>
  nonEmptyText().check(
    z.refine((value) => value.startsWith("/") || value === "~" || value.startsWith("~/"), {
      message: 'must be an absolute folder or start with "~/" (e.g. "/srv/data" or "~/notes")',
    }),
  );
/** A host in `allowHosts`: `name`, `*.name`, `name:port`, or a preset (`@npm`, `@pypi`). */
const policyHost = () =>
  nonEmptyText().check(
    z.refine(
      (value) =>
        Object.hasOwn(HOST_PRESETS, value) || /^(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value),
      {
        message: `must be a host name, "*.name", "name:port" or a preset (${Object.keys(HOST_PRESETS).join(", ")}), e.g. "registry.npmjs.org"; no scheme, no path`,
      },
    ),
  );

/**
 * `sandbox` of a stdio server: `true` confines it with the defaults, an object names what it
 * may read, write and reach besides them (see the README's "Sandbox" section).
 */
const sandboxConfig = lazySchema(() =>
  z.union(
    [
      z.boolean(),
      z.strictObject({
        /** Folders it may read even inside a denied place (reads are otherwise open but for `denyRead`). */
        allowRead: z.optional(z.array(policyFolder())),
        /** Folders or files it may not read, besides the secret places denied by default. */
        denyRead: z.optional(z.array(policyFolder())),
        /** Folders it may write besides its working folder and a private temp folder. */
        allowWrite: z.optional(z.array(policyFolder())),
        /** Hosts it may reach (through the sandbox's proxy); none by default. */
        allowHosts: z.optional(z.array(policyHost())),
      }),
    ],
    {
      error:
        'expected true, false or a policy { allowRead, denyRead, allowWrite, allowHosts } (example: sandbox: { allowHosts: ["@npm"] })',
    },
  ),
);
/** `sandbox` as written in a config. */
export type SandboxConfig = z.infer<ReturnType<typeof sandboxConfig>>;

/** A server started as a child process speaking MCP over stdin/stdout. */
const stdioConfig = lazySchema(() =>
  z.strictObject({
    type: z.optional(z.literal("stdio")),
    command: nonEmptyText(),
    args: z.optional(z.array(text())),
    /** The only variables, besides the safe list, that the server sees. */
    env: z.optional(stringMap()),
    cwd: z.optional(nonEmptyText()),
    /** Confine the process (`@anthropic-ai/sandbox-runtime`); fails closed. Default: off. */
    sandbox: z.optional(sandboxConfig()),
    ...commonShape(),
  }),
);
/** A stdio server config. */
export type StdioServerConfig = z.infer<ReturnType<typeof stdioConfig>>;

/**
 * A Streamable HTTP server. With `type` omitted, a 4xx to the first POST makes the
 * connection fall back to legacy SSE at the same URL.
 */
const httpConfig = lazySchema(() =>
  z.strictObject({
    type: z.optional(z.literal("http")),
    url: nonEmptyText(),
    /** Sent on every request (values may hold `${VAR}`). */
    headers: z.optional(headerMap()),
    oauth: z.optional(oauthConfig()),
    ...commonShape(),
  }),
);
/** A Streamable HTTP server config. */
export type HttpServerConfig = z.infer<ReturnType<typeof httpConfig>>;

/** A legacy HTTP+SSE server (protocol 2024-11-05). */
const sseConfig = lazySchema(() =>
  z.strictObject({
    type: z.literal("sse"),
    url: nonEmptyText(),
    headers: z.optional(headerMap()),
    oauth: z.optional(oauthConfig()),
    ...commonShape(),
  }),
);
/** A legacy SSE server config. */
export type SseServerConfig = z.infer<ReturnType<typeof sseConfig>>;

/**
 * Any server config. Prefer {@link parseServerConfig}, which picks the variant from
 * `type`/`command`/`url` and reports errors by path.
 */
const anyServerConfig = lazySchema(() => z.union([stdioConfig(), sseConfig(), httpConfig()]));
/** Any server config. `type` omitted: `command` ⇒ stdio, `url` ⇒ Streamable HTTP with SSE fallback. */
export type ServerConfig = z.infer<ReturnType<typeof anyServerConfig>>;

/**
 * The config schemas, each built the first time it is asked for. The package's exported
 * schema constants (`stdioServerConfigSchema`, …) are these, built.
 */
export const configSchemas = {
  timeouts: timeoutsConfig,
  reconnect: reconnectConfig,
  oauth: oauthConfig,
  sandbox: sandboxConfig,
  stdio: stdioConfig,
  http: httpConfig,
  sse: sseConfig,
  server: anyServerConfig,
};

/** True when the config starts a process (stdio). */
export function isStdioConfig(config: ServerConfig): config is StdioServerConfig {
  return "command" in config;
}
