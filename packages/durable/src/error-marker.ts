// tinyloop's error-marker convention. Every package repeats this file (only PACKAGE differs)
// instead of importing it, so no package depends on another against ARCHITECTURE's arrows.
// tooling/publish-check's error-markers test holds every exported error class to it.

const PACKAGE = "durable";

/**
 * The marker of this package's error class `className`:
 * `Symbol.for("tinyloop.durable.<ClassName>")`, the same symbol in every installed copy.
 */
export function errorMarker(className: string): symbol {
  return Symbol.for(`tinyloop.${PACKAGE}.${className}`);
}

/** Puts `marker` on the class's prototype (not enumerable), so every instance carries it. */
export function markErrorClass(errorClass: { readonly prototype: Error }, marker: symbol): void {
  Object.defineProperty(errorClass.prototype, marker, { value: true });
}

/**
 * True when `value` carries `marker`: an instance of the class from any copy of the package,
 * where `instanceof` only knows the copy it was imported from.
 */
export function hasErrorMarker(value: unknown, marker: symbol): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[marker] === true
  );
}
