/**
 * What a secret is replaced by wherever tinyloop prints text that held one: a header or env
 * value, a key a server echoed back, the user info and query values of a URL
 * (`https://***@host/mcp?token=***`). One mask, so a reader learns it once.
 */
export const SECRET_MASK = "***";
