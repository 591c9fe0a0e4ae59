import { describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "./database-url.js";
import { DurableError } from "./durable-error.js";

const problem = (value: unknown) => {
  try {
    parseDatabaseUrl(value);
  } catch (error) {
    expect(DurableError.isInstance(error)).toBe(true);
    return (error as DurableError).message;
  }
  throw new Error("expected parseDatabaseUrl to throw");
};

describe("parseDatabaseUrl", () => {
  it("reads host, port and database, with Postgres' default port", () => {
    expect(parseDatabaseUrl("postgresql://u:p@db.example:6543/runs")).toMatchObject({
      host: "db.example",
      port: 6543,
      database: "runs",
    });
    expect(parseDatabaseUrl("postgres://localhost/tinyloop").port).toBe(5432);
  });

  it("says what is wrong and shows the right form", () => {
    const example = "(example: postgresql://user:password@localhost:5432/tinyloop)";
    expect(problem("mysql://localhost/x")).toBe(
      `databaseUrl: expected the scheme postgresql:// or postgres://, got "mysql://" ${example}`,
    );
    expect(problem("localhost:5432")).toMatch(/^databaseUrl: expected the scheme/);
    expect(problem("not a url")).toBe(
      `databaseUrl: expected a postgresql:// URL, got "not a url", which is not a URL ${example}`,
    );
    expect(problem("postgresql://localhost:5432")).toBe(
      `databaseUrl: expected a database name after the host, got none in "postgresql://localhost:5432" ${example}`,
    );
    expect(problem(undefined)).toMatch(/^databaseUrl: expected a postgresql:\/\/ URL, got nothing/);
  });

  it("never shows a password or a query value of the URL in its message", () => {
    const noDatabase = problem("postgresql://app:s3cret-pw@db.example:5432?sslpassword=k3y");
    expect(noDatabase).toContain(
      'got none in "postgresql://app:***@db.example:5432?sslpassword=***"',
    );
    expect(noDatabase).not.toMatch(/s3cret|k3y/);
    const notUrl = problem("postgresql://app:s3cret-pw@db example/x");
    expect(notUrl).toContain("postgresql://app:***@db example/x");
    expect(notUrl).not.toContain("s3cret");
  });
});
