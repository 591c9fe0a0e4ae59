import { formatKeyPath } from "@tinyloop/errors";
import type { ErrorObject } from "ajv";

const MAX_LINES = 20;

/**
 * Turns Ajv errors into one readable line per violation, each starting with the path of
 * the offending value (`items[0].name`, or `(top level)` for the arguments object itself).
 */
export function describeViolations(errors: readonly ErrorObject[]): string[] {
  const lines = [...new Set(errors.map(describeViolation))];
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more`];
}

function describeViolation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${pathOf(error.instancePath, String(params.missingProperty))}: is required but missing`;
    case "additionalProperties": {
      const allowed = Object.keys(
        ((error.parentSchema as Record<string, unknown> | undefined)?.properties ?? {}) as object,
      );
      const hint = allowed.length > 0 ? ` (allowed: ${allowed.join(", ")})` : "";
      return `${pathOf(error.instancePath, String(params.additionalProperty))}: is not an allowed property${hint}`;
    }
    // 2019-09 / 2020-12: a property no subschema evaluated. The allowed names may come from
    // `allOf`, `$ref` and conditionals, so no list is given.
    case "unevaluatedProperties":
      return `${pathOf(error.instancePath, String(params.unevaluatedProperty))}: is not an allowed property`;
    case "type":
      return `${pathOf(error.instancePath)}: must be ${String(params.type).split(",").join(" or ")}, got ${typeOf(error.data)}`;
    case "enum":
      return `${pathOf(error.instancePath)}: must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(", ")}, got ${preview(error.data)}`;
    case "const":
      return `${pathOf(error.instancePath)}: must be ${JSON.stringify(params.allowedValue)}, got ${preview(error.data)}`;
    default:
      return `${pathOf(error.instancePath)}: ${error.message ?? `breaks the "${error.keyword}" rule`}`;
  }
}

/** JSON Pointer (`/items/0/name`) → `items[0].name`. */
function pathOf(instancePath: string, property?: string): string {
  const tokens = instancePath === "" ? [] : instancePath.slice(1).split("/").map(unescapeToken);
  if (property !== undefined) tokens.push(property);
  return formatKeyPath(tokens.map((token) => (/^\d+$/.test(token) ? Number(token) : token)));
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
