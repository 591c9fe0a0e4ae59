import { readFile } from "node:fs/promises";
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { createPrivateKeyJwtAuth } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthConfig } from "../config-schema.js";
import { checkDiscovery } from "./authorization-checks.js";
import { unionScopes } from "./scope-union.js";
import { readSigningKey } from "./signing-key.js";
import { exchangeForIdJag } from "./token-exchange.js";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * The token endpoint refused this client's credentials or grant: no further token request is
 * sent with them (no retry storm); the message names the config key to fix.
 */
export class MachineGrantRefused extends Error {
  override name = "MachineGrantRefused";
  constructor(
    message: string,
    /** The `oauth` key whose value was refused (`clientSecret`, `workloadToken`, …). */
    readonly key: string,
  ) {
    super(message);
  }
}

/** A grant that needs no browser, as the config gives it. */
export type MachineOAuthConfig = OAuthConfig & { grant: NonNullable<OAuthConfig["grant"]> };

/**
 * The SDK's `OAuthClientProvider` for the grants without a browser: `client_credentials`
 * (client secret, or a JWT assertion signed with `privateKey` through the SDK's
 * `createPrivateKeyJwtAuth`), `jwt_bearer` with a workload identity token (RFC 7523), and
 * `token_exchange` (an enterprise ID token exchanged for an ID-JAG, then the JWT-bearer grant).
 * No redirect URL, so the SDK fetches tokens directly; tokens stay in memory, never written.
 * Once the token endpoint refuses the credentials or the grant, every later token request
 * fails at once with {@link MachineGrantRefused}. A step-up ({@link stepUp}) widens the scope
 * of every later token request (and ID-JAG) of the connection, unattended.
 */
export class MachineOAuthProvider implements OAuthClientProvider {
  private stored: OAuthTokens | undefined;
  private client: OAuthClientInformationMixed;
  private discovery: OAuthDiscoveryState | undefined;
  private refused: "client" | "grant" | undefined;
  /** The scope token requests ask for: `oauth.scopes`, widened by each step-up. */
  private scope: string | undefined;
  readonly addClientAuthentication: OAuthClientProvider["addClientAuthentication"];

  constructor(
    private readonly server: string,
    private readonly serverUrl: string,
    private readonly config: MachineOAuthConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.client = {
      client_id: config.clientId ?? "",
      ...(config.clientSecret ? { client_secret: config.clientSecret } : {}),
      ...(config.issuer ? { issuer: config.issuer } : {}),
    };
    this.scope = unionScopes(config.scopes?.join(" "));
    if (config.privateKey) {
      const read = readSigningKey(config.privateKey, config.signingAlgorithm);
      if ("problem" in read) throw new Error(`oauth.privateKey: ${read.problem}`); // checked with the config
      // As a JWK: the SDK imports PEM only for ES/RS/PS keys, a JWK for every algorithm (EdDSA too).
      const jwk = read.key.export({ format: "jwk" }) as Record<string, unknown>;
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: this.client.client_id,
        subject: this.client.client_id,
        privateKey: jwk,
        alg: read.algorithm,
      });
    }
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const grant = this.config.grant === "client_credentials" ? "client_credentials" : JWT_BEARER;
    return {
      client_name: "tinyloop",
      redirect_uris: [],
      grant_types: [grant],
      token_endpoint_auth_method: this.config.privateKey
        ? "private_key_jwt"
        : this.config.clientSecret
          ? "client_secret_basic"
          : "none",
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }

  /**
   * The server refused a request for want of `scope` (403 `insufficient_scope`): later token
   * requests ask for the scopes asked for and granted so far and `scope` together (SEP-2350).
   */
  stepUp(scope: string | undefined): void {
    this.scope = unionScopes(this.scope, this.stored?.scope, scope);
  }

  clientInformation(): OAuthClientInformationMixed {
    return this.client;
  }

  /** The SDK stamps the client with the issuer that accepted it; kept in memory. */
  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.stored;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.stored = tokens;
  }

  /** Checks the resource and the metadata's issuer (a mismatch stops the flow) and keeps them for the grant. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    checkDiscovery(state, this.serverUrl);
    this.discovery = state;
  }

  redirectToAuthorization(): void {
    throw new Error(`server "${this.server}": grant "${this.config.grant}" needs no browser login`);
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error(`server "${this.server}": grant "${this.config.grant}" has no code verifier`);
  }

  /** Called by the SDK when the token endpoint refused what was sent: never send it again. */
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    this.stored = undefined;
    if (scope === "all" || scope === "client") this.refused = "client";
    else if (scope === "tokens") this.refused ??= "grant";
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    if (this.refused) throw this.refusal(this.refused);
    const params = new URLSearchParams();
    if (this.config.grant === "client_credentials") {
      params.set("grant_type", "client_credentials");
    } else {
      params.set("grant_type", JWT_BEARER);
      params.set("assertion", await this.assertion());
    }
    if (scope) params.set("scope", scope);
    return params;
  }

  /** The JWT presented with the JWT-bearer grant: the workload's token, or a fresh ID-JAG. */
  private async assertion(): Promise<string> {
    const { config } = this;
    if (config.grant === "jwt_bearer") {
      if (config.workloadToken) return config.workloadToken;
      // Read for every request: a platform rotates the file (Kubernetes projected tokens).
      return (await readFile(config.workloadTokenFile ?? "", "utf8")).trim();
    }
    const issuer =
      this.discovery?.authorizationServerMetadata?.issuer ??
      this.discovery?.authorizationServerUrl ??
      new URL(this.serverUrl).origin;
    return exchangeForIdJag(
      {
        tokenEndpoint: config.idpTokenEndpoint ?? "",
        idToken: config.idToken ?? "",
        clientId: config.idpClientId,
        clientSecret: config.idpClientSecret,
        audience: issuer,
        resource: this.discovery?.resourceMetadata?.resource ?? this.serverUrl,
        scope: this.scope,
      },
      this.fetchFn,
    );
  }

  private refusal(kind: "client" | "grant"): MachineGrantRefused {
    const { config } = this;
    const key =
      kind === "client"
        ? config.privateKey
          ? "privateKey"
          : "clientSecret"
        : config.grant === "jwt_bearer"
          ? config.workloadToken
            ? "workloadToken"
            : "workloadTokenFile"
          : config.grant === "token_exchange"
            ? "idToken"
            : "clientSecret";
    const what =
      kind === "client"
        ? `refused client "${config.clientId}" (invalid_client: the ${key === "privateKey" ? "signing key is not the registered one" : "secret may be revoked or expired"})`
        : `refused the grant (invalid_grant: the ${key === "idToken" ? "ID token" : key === "clientSecret" ? "credentials" : "workload token"} may be expired or meant for another audience)`;
    return new MachineGrantRefused(
      `the authorization server ${what}; fix oauth.${key} of server "${this.server}" (the value is not shown). No further token request is sent with it.`,
      key,
    );
  }
}
