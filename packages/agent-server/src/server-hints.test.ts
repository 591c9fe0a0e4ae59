import { afterEach, describe, expect, it } from "vitest";
import { type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

let rig: ServeRig | undefined;
afterEach(async () => {
  expect(await rig?.close()).toEqual([]);
  rig = undefined;
});

/** The error message of a `/v1/models` answer sent without a key, or with a wrong one. */
async function refusal(current: ServeRig, authorization?: string): Promise<string> {
  const response = await current.call("/v1/models", {
    auth: false,
    ...(authorization ? { headers: { authorization } } : {}),
  });
  expect(response.status).toBe(401);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe("the API key refusals: neutral, or with the embedding program's hints", () => {
  it("name no program of their own", async () => {
    rig = await startServeRig([]);
    expect(await refusal(rig)).toBe(
      "No API key given. Send the server's key as `Authorization: Bearer <key>`.",
    );
    expect(await refusal(rig, "Bearer wrong-key-123")).toBe(
      "Incorrect API key. Use the key the server's operator gave you.",
    );
  });

  it("end with the hints the program gives", async () => {
    rig = await startServeRig([], {
      hints: {
        findApiKey: "the CLI printed it at start",
        fixApiKey: "Copy it again from the CLI.",
      },
    });
    expect(await refusal(rig)).toBe(
      "No API key given. Send the server's key as `Authorization: Bearer <key>` (the CLI printed it at start).",
    );
    expect(await refusal(rig, "Bearer wrong-key-123")).toBe(
      "Incorrect API key. Copy it again from the CLI.",
    );
  });
});
