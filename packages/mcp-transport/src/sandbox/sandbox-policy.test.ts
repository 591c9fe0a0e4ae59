import { describe, expect, it } from "vitest";
import { rejection } from "../__fixtures__/helpers.js";
import { parseServerConfig } from "../parse-server-config.js";
import { SECRET_PLACES } from "./sandbox-places.js";
import { sandboxPolicyFor } from "./sandbox-policy.js";

describe("sandboxPolicyFor", () => {
  it("is off for false and for no setting", () => {
    expect(sandboxPolicyFor(undefined, { workFolder: "/w" })).toBeUndefined();
    expect(sandboxPolicyFor(false, { workFolder: "/w" })).toBeUndefined();
  });

  it("by default writes only the working folder, reads no secret place nor a .env above it, reaches no host", () => {
    const policy = sandboxPolicyFor(true, { workFolder: "/home/me/project/sub", home: "/home/me" });
    expect(policy?.workFolder).toBe("/home/me/project/sub");
    expect(policy?.allowWrite).toEqual(["/home/me/project/sub"]);
    expect(policy?.allowHosts).toEqual([]);
    expect(policy?.allowRead).toEqual([]);
    for (const place of [".ssh", ".aws", ".gnupg", ".config/gh", ".netrc", ".docker/config.json"]) {
      expect(SECRET_PLACES).toContain(place);
      expect(policy?.denyRead).toContain(`/home/me/${place}`);
    }
    expect(policy?.denyRead).toContain("/home/me/.mozilla");
    expect(policy?.denyRead).toContain("/home/me/.config/google-chrome");
    for (const env of ["/home/me/.env", "/home/me/project/.env", "/home/.env", "/.env"]) {
      expect(policy?.denyRead).toContain(env);
    }
    expect(policy?.denyRead).not.toContain("/home/me/project/sub/.env");
  });

  it("adds what the setting names, ~ as the home folder, and expands host presets", () => {
    const policy = sandboxPolicyFor(
      {
        allowRead: ["~/.aws/config"],
        denyRead: ["~/private"],
        allowWrite: ["/srv/out", "~/notes"],
        allowHosts: ["@npm", "api.example.com:443"],
      },
      { workFolder: "/w", home: "/home/me" },
    );
    expect(policy?.allowRead).toEqual(["/home/me/.aws/config"]);
    expect(policy?.denyRead).toContain("/home/me/private");
    expect(policy?.allowWrite).toEqual(["/w", "/srv/out", "/home/me/notes"]);
    expect(policy?.allowHosts).toEqual(["registry.npmjs.org", "api.example.com:443"]);
  });
});

describe("the sandbox setting in a server config", () => {
  it("accepts true and a policy", () => {
    expect(parseServerConfig({ command: "x", sandbox: true })).toMatchObject({ sandbox: true });
    const policy = { allowWrite: ["~/out"], allowHosts: ["@pypi", "*.example.com"] };
    expect(parseServerConfig({ command: "x", sandbox: policy })).toMatchObject({ sandbox: policy });
  });

  it("names a relative folder, a URL as a host, an unknown preset and an unknown key, by path", async () => {
    const error = await rejection(
      Promise.resolve().then(() =>
        parseServerConfig(
          {
            command: "x",
            sandbox: {
              allowWrite: ["out"],
              allowHosts: ["https://a.b/c", "@cargo"],
              allowNet: true,
            },
          },
          "servers.fs",
        ),
      ),
    );
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain("servers.fs.sandbox");
    expect(error.message).toContain('must be an absolute folder or start with "~/"');
    expect(error.message).toContain("no scheme, no path");
    expect(error.message).toContain("@npm, @pypi");
    expect(error.message).toContain(
      'servers.fs.sandbox: unknown field "allowNet"; allowed fields: allowRead, denyRead, allowWrite, allowHosts',
    );
  });

  it("says what it takes when it is neither a boolean nor a policy", async () => {
    const error = await rejection(
      Promise.resolve().then(() =>
        parseServerConfig({ command: "x", sandbox: "yes" }, "servers.fs"),
      ),
    );
    expect(error.message).toContain(
      "servers.fs.sandbox: expected true, false or a policy { allowRead, denyRead, allowWrite, allowHosts }",
    );
  });
});
