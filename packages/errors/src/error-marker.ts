// tinyloop's error-marker convention, in one place for every package.
// tooling/publish-check's error-markers test holds every exported error class to it.

/**
 * The marker of error class `className` of tinyloop package `packageFolder` (`registry`,
 * `agent-files`): `Symbol.for("tinyloop.<packageFolder>.<ClassName>")`, the same symbol in
 * every installed copy of that package.
 *
 * @example
 * const marker = errorMarker("registry", "RegistryError");
 */
export function errorMarker(packageFolder: string, className: string): symbol {
  return Symbol.for(`tinyloop.${packageFolder}.${className}`);
}

/** Puts `marker` on the class's prototype (not enumerable), so every instance carries it. */
export function markErrorClass(errorClass: { readonly prototype: Error }, marker: symbol): void {
  Object.defineProperty(errorClass.prototype, marker, { value: true });
}

/**
 * True when `value` carries `marker`: an instance of the class from any copy of the package,
 * where `instanceof` only knows the copy it was imported from. An error class's static
 * `isInstance(value)` returns this.
 */
export function hasErrorMarker(value: unknown, marker: symbol): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[marker] === true
  );
}
