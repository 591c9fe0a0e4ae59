import type { OAuthConfig } from "@tinyloop/mcp-transport";

/** What the suite hands over (`MCP_CONFORMANCE_CONTEXT`) for the auth extension scenarios. */
export interface MachineAuthContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  valid_jwt?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  idp_token_endpoint?: string;
}

/**
 * The `oauth` config a user would write for the suite's auth extension scenarios that need no
 * browser (client credentials with a secret or a signed JWT, workload identity, enterprise-managed
 * authorization) and for DPoP, from what the suite hands over. Undefined for other scenarios:
 * they keep the browser login.
 */
export function machineAuthConfig(
  scenario: string,
  given: MachineAuthContext,
  browserLogin: OAuthConfig,
): OAuthConfig | undefined {
  const clientId = given.client_id ?? "";
  switch (scenario) {
    case "auth/client-credentials-basic":
      return { grant: "client_credentials", clientId, clientSecret: given.client_secret ?? "" };
    case "auth/client-credentials-jwt":
      return {
        grant: "client_credentials",
        clientId,
        privateKey: given.private_key_pem ?? "",
        ...(given.signing_algorithm
          ? { signingAlgorithm: given.signing_algorithm as OAuthConfig["signingAlgorithm"] }
          : {}),
      };
    case "auth/wif-jwt-bearer":
      return { grant: "jwt_bearer", clientId, workloadToken: given.valid_jwt ?? "" };
    case "auth/enterprise-managed-authorization":
      return {
        grant: "token_exchange",
        clientId,
        ...(given.client_secret ? { clientSecret: given.client_secret } : {}),
        idToken: given.idp_id_token ?? "",
        idpTokenEndpoint: given.idp_token_endpoint ?? "",
        ...(given.idp_client_id ? { idpClientId: given.idp_client_id } : {}),
      };
    case "auth/dpop":
    case "auth/dpop-nonce":
      return { ...browserLogin, dpop: true };
    default:
      return undefined;
  }
}
