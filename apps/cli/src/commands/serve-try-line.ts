/**
 * A `curl` command that asks the served agent one question, ready to paste into a shell: the
 * served model id, the API's URL, and the key — the generated one as it is (printed anyway),
 * a key from the environment as that variable (`"$TINYLOOP_KEY"`), never its value.
 */
export function serveCurlExample({
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
  // The model id is [\w.:/-] only (agent-server checks it) and a generated key is base64url:
  // nothing in them ends the shell's quotes.
  return `curl -s ${url}/v1/chat/completions -H "Authorization: Bearer ${bearer}" -H "Content-Type: application/json" -d '${body}'`;
}
