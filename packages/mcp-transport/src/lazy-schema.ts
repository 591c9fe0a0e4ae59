/**
 * A schema built the first time it is used, then kept. Building zod schemas costs start-up
 * time (zod runs every check's constructor and compiles its own code as it goes), and a
 * module's top-level schemas are built by every program that imports it, used or not.
 */
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
