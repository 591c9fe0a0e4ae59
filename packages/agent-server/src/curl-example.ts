/**
 * A `curl` command that asks the served agent one question (`Hello`) through
 * `/v1/chat/completions`, ready to paste into a POSIX shell: the server's `url`, the served
 * `modelName`, and the key — a generated one as it is (the program prints it anyway), a key
 * from the environment as that variable (`"$TINYLOOP_KEY"`), never its value.
 *
 * ```ts
 * console.log(curlExample({ url, modelName: "research", key: { variable: "SERVE_KEY" } }));
 * ```
 */
export function curlExample({
  url,
  modelName,
  key,
}: {
  url: string;
  modelName: string;
  key: { generated: string } | { variable: string };
}): string {
  const bearer = "generated" in key ? key.generated : `$${key.variable}`;
  const body = JSON.stringify({ model: modelName, messages: [{ role: "user", content: "Hello" }] });
  // The model id is [\w.:/-] only (checkServerOptions) and a generated key is base64url:
  // nothing in them ends the shell's quotes.
  return `curl -s ${url}/v1/chat/completions -H "Authorization: Bearer ${bearer}" -H "Content-Type: application/json" -d '${body}'`;
}
