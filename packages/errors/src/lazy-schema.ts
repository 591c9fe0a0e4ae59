/**
 * A value built the first time it is asked for, then kept: for zod schemas, whose building
 * costs start-up time (zod runs every check's constructor and compiles its own code as it
 * goes), while a module's top-level schemas are built by every program that imports it,
 * used or not. tooling/publish-check holds every package to building no schema at import.
 *
 * @example
 * const portSchema = lazySchema(() => z.number().check(z.int()));
 * portSchema().parse(8080);
 */
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
