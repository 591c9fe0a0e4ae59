import { basename, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { publishablePackages } from "./workspace-packages.js";

/**
 * tinyloop's error convention, held for every exported error class of every published
 * entry point: the class's prototype carries `Symbol.for("tinyloop.<package>.<ClassName>")`
 * (`<package>` is the package's folder: `registry`, `cli`) and a static `isInstance` knows
 * its instances from any installed copy of the package, and nothing else.
 */

type ErrorClass = (new (...args: never[]) => Error) & { isInstance?: unknown };

interface FoundClass {
  /** `@tinyloop/registry: RegistryError`, for messages. */
  label: string;
  specifier: string;
  /** The entry point's source file, imported by path. */
  source: string;
  exportName: string;
  marker: symbol;
  errorClass: ErrorClass;
}

/**
 * Every entry point a user can import: a package name plus each `exports` subpath, loaded
 * from the source file its `@tinyloop/source` condition names (so a new package is walked
 * without being a dependency of this one, and without a build).
 */
function entryPoints(): { folder: string; specifier: string; source: string }[] {
  return publishablePackages().flatMap(({ dir, path, manifest }) =>
    Object.entries(manifest.exports ?? {}).map(([subpath, conditions]) => {
      const specifier = subpath === "." ? manifest.name : `${manifest.name}${subpath.slice(1)}`;
      const target = conditions["@tinyloop/source"];
      if (target === undefined)
        throw new Error(`${specifier}: its exports entry has no "@tinyloop/source" condition`);
      return { folder: basename(path), specifier, source: join(dir, target) };
    }),
  );
}

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === "function" && value.prototype instanceof Error;
}

async function findErrorClasses(): Promise<FoundClass[]> {
  const found: FoundClass[] = [];
  for (const { folder, specifier, source } of entryPoints()) {
    const module = (await import(source)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (!isErrorClass(value)) continue;
      found.push({
        label: `${specifier}: ${exportName}`,
        specifier,
        source,
        exportName,
        marker: Symbol.for(`tinyloop.${folder}.${exportName}`),
        errorClass: value,
      });
    }
  }
  return found;
}

/**
 * An instance made without running the class's constructor (whose arguments differ per
 * class): what `instanceof` and the prototype see is the same as for a constructed one.
 */
function instanceOf(errorClass: ErrorClass): Error {
  return Reflect.construct(Error, ["sample"], errorClass) as Error;
}

function isInstance(errorClass: ErrorClass, value: unknown): unknown {
  return (errorClass.isInstance as (value: unknown) => unknown)(value);
}

const found = await findErrorClasses();

describe("error markers of every package's exported error classes", () => {
  it("finds the error classes (the walk over the entry points works)", () => {
    const names = found.map((entry) => entry.exportName);
    expect(names).toEqual(
      expect.arrayContaining([
        "RegistryError",
        "McpTransportError",
        "McpRegistrationError",
        "InferenceError",
        "AgentError",
        "AgentFileError",
        "AgentServerError",
        "CliError",
      ]),
    );
  });

  it.each(found.map((entry) => [entry.label, entry] as const))(
    "%s carries its marker and a static isInstance",
    (_label, { label, marker, errorClass }) => {
      expect(
        typeof errorClass.isInstance,
        `${label} has no static isInstance(value): add one that returns hasErrorMarker(value, marker)`,
      ).toBe("function");
      expect(
        (errorClass.prototype as unknown as Record<symbol, unknown>)[marker],
        `${label}'s prototype lacks ${marker.toString()}: add static { markErrorClass(<ClassName>, marker) } with marker = errorMarker("<package folder>", "<ClassName>") from @tinyloop/errors`,
      ).toBe(true);
    },
  );

  it.each(found.map((entry) => [entry.label, entry] as const))(
    "%s.isInstance is true for its instances and false for anything else",
    (_label, { label, errorClass }) => {
      expect(isInstance(errorClass, instanceOf(errorClass)), `${label}: an instance`).toBe(true);
      for (const other of [new Error("plain"), new TypeError("type"), {}, null, undefined, "x"]) {
        expect(isInstance(errorClass, other), `${label}: ${String(other)}`).toBe(false);
      }
      for (const another of found) {
        if (another.errorClass === errorClass) continue;
        expect(
          isInstance(errorClass, instanceOf(another.errorClass)),
          `${label}.isInstance must be false for a ${another.label}`,
        ).toBe(false);
      }
    },
  );

  it.each(found.map((entry) => [entry.label, entry] as const))(
    "%s.isInstance knows instances from another copy of the package, where instanceof fails",
    async (_label, { label, source, exportName, errorClass }) => {
      vi.resetModules(); // the next import evaluates the package again: a second copy
      const copy = ((await import(source)) as Record<string, unknown>)[exportName];
      if (!isErrorClass(copy)) throw new Error(`${label}: the second import lacks the class`);
      expect(copy, `${label}: the second import must be a distinct copy`).not.toBe(errorClass);
      const fromCopy = instanceOf(copy);
      expect(fromCopy).not.toBeInstanceOf(errorClass);
      expect(isInstance(errorClass, fromCopy), `${label}: an instance from the copy`).toBe(true);
      expect(isInstance(copy, instanceOf(errorClass)), `${label}: the copy on ours`).toBe(true);
    },
  );
});
