import { randomBytes } from "node:crypto";
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthConfig } from "../config-schema.js";
import { checkDiscovery, withOfflineAccess } from "./authorization-checks.js";
import type { OAuthStore, StoredOAuth } from "./oauth-store.js";
import { RequestStepUps } from "./request-step-ups.js";
import { unionScopes } from "./scope-union.js";

/**
 * The SDK's `OAuthClientProvider` backed by an {@link OAuthStore}: tokens and the dynamic
 * client registration persist per server; a pre-registered client (`clientId`) or a
 * client-ID metadata document URL (`clientMetadataUrl`) come from the config. The SDK does
 * discovery, PKCE, registration, scope selection, step-up, refresh and token endpoint auth;
 * this class only keeps state and records the authorization URL the user must open. While a
 * step-up is under way ({@link stepUps}, each keyed to its request) it hides the refresh token,
 * so the SDK starts a new authorization for the wider scope instead of a refresh, which cannot
 * add scope.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private pending: URL | undefined;
  /** The step-ups under way, each the request's the server refused for want of scope. */
  readonly stepUps = new RequestStepUps();
  /** The scope the last authorization of this connection asked for. */
  private requested: string | undefined;
  /** What the last discovery found (checked), for the `iss` check and `offline_access`. */
  discovery: OAuthDiscoveryState | undefined;
  readonly clientMetadataUrl: string | undefined;

  private constructor(
    private readonly server: string,
    private readonly store: OAuthStore,
    private readonly config: OAuthConfig,
    private readonly redirect: string,
    private stored: StoredOAuth,
    private readonly clientName: string,
  ) {
    this.clientMetadataUrl = config.clientMetadataUrl;
  }

  /** Loads what the store has for `server` (dropped when it belongs to another URL). */
  static async open({
    server,
    serverUrl,
    store,
    config,
    callbackPort,
    clientName,
  }: {
    server: string;
    serverUrl: string;
    store: OAuthStore;
    config: OAuthConfig;
    callbackPort: number;
    clientName: string;
  }): Promise<StoredOAuthProvider> {
    const loaded = await store.load(server);
    const stored: StoredOAuth =
      loaded && loaded.serverUrl === serverUrl ? loaded : { serverUrl, callbackPort };
    if (stored.callbackPort !== callbackPort) {
      // Another redirect URI: a dynamic registration made for the old one may not accept it.
      stored.callbackPort = callbackPort;
      delete stored.client;
    }
    const redirect = `http://127.0.0.1:${callbackPort}/callback`;
    return new StoredOAuthProvider(server, store, config, redirect, stored, clientName);
  }

  get redirectUrl(): string {
    return this.redirect;
  }

  get callbackPort(): number {
    return Number(new URL(this.redirect).port);
  }

  get clientMetadata(): OAuthClientMetadata {
    // SEP-837: a client with a loopback redirect registers as a native application.
    const native = { application_type: "native" };
    return {
      ...native,
      client_name: this.clientName,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: this.config.clientSecret ? "client_secret_basic" : "none",
      ...(this.config.scopes ? { scope: this.config.scopes.join(" ") } : {}),
    };
  }

  state(): string {
    return randomBytes(16).toString("base64url");
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    if (this.config.clientId) {
      return {
        client_id: this.config.clientId,
        ...(this.config.clientSecret ? { client_secret: this.config.clientSecret } : {}),
        // Pinned to its authorization server: the SDK presents it to no other.
        ...(this.config.issuer ? { issuer: this.config.issuer } : {}),
        redirect_uris: [this.redirect],
      };
    }
    return this.stored.client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    if (this.config.clientId) return; // a pre-registered client is configured, not stored
    this.stored.client = client;
    await this.persist();
  }

  /** The tokens held; without the refresh token while a step-up is under way. */
  tokens(): OAuthTokens | undefined {
    const tokens = this.stored.tokens;
    if (!this.stepUps.underWay || tokens?.refresh_token === undefined) return tokens;
    const { refresh_token: _hidden, ...withoutRefresh } = tokens;
    return withoutRefresh;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.stored.tokens = tokens;
    this.stepUps.endAll();
    await this.persist();
  }

  /**
   * The server refused the current request for want of `scope` (403 `insufficient_scope`):
   * the SDK's next authorization is a new one (no refresh), asking for the scopes held and
   * those of every step-up under way together (SEP-2350), until new tokens are saved or the
   * request's step-up ends ({@link RequestStepUps}).
   */
  stepUp(scope: string | undefined): void {
    this.stepUps.begin(scope);
  }

  /**
   * Checks the resource and the metadata's issuer before anything is sent to the
   * authorization server (resource mismatch, metadata issuer mismatch).
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    checkDiscovery(state, this.stored.serverUrl);
    this.discovery = state;
  }

  redirectToAuthorization(url: URL): void {
    if (this.stepUps.underWay) {
      // A step-up keeps what was granted before: the union, not just the scope asked for now.
      const wider = unionScopes(
        this.stored.tokens?.scope,
        this.requested,
        url.searchParams.get("scope"),
        ...this.stepUps.scopes(),
      );
      if (wider !== undefined) url.searchParams.set("scope", wider);
    }
    // offline_access as SEP-2207 asks: requested when the server lists it, dropped otherwise.
    const scope = url.searchParams.get("scope");
    if (scope !== null) {
      const handled = withOfflineAccess(scope, this.discovery);
      if (handled) url.searchParams.set("scope", handled);
      else url.searchParams.delete("scope");
      const offline = handled.split(" ").includes("offline_access");
      if (offline && url.searchParams.get("prompt") === null)
        url.searchParams.set("prompt", "consent");
      if (!offline && url.searchParams.get("prompt") === "consent")
        url.searchParams.delete("prompt");
    }
    this.requested = url.searchParams.get("scope") ?? undefined;
    this.pending = url;
  }

  /** The authorization URL the SDK asked the user to open, once (cleared by reading it). */
  takePendingAuthorization(): URL | undefined {
    const url = this.pending;
    this.pending = undefined;
    return url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) {
      throw new Error(`no PKCE code verifier for server "${this.server}": start the login again`);
    }
    return this.verifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") delete this.stored.tokens;
    if (scope === "all" || scope === "client") delete this.stored.client;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    await this.persist();
  }

  private persist(): Promise<void> {
    return this.store.save(this.server, this.stored);
  }
}
