import { redactUrlsInText } from "@tinyloop/errors";

/**
 * Text about a server with every URL in it masked (user info and query values become `***`).
 *
 * @deprecated Use `redactUrlsInText` from `@tinyloop/errors` (also re-exported by
 * `@tinyloop/mcp-transport`), the one home of URL redaction: this name is the same function,
 * kept so that programs importing it keep working.
 */
export const maskUrls: (text: string) => string = redactUrlsInText;
