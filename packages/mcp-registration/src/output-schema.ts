import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";

/** Checks `structuredContent` against a tool's declared `outputSchema`. */
export type OutputValidator = (
  value: unknown,
) => { valid: true } | { valid: false; message: string };

type AjvInstance = Ajv | Ajv2019 | Ajv2020;
const instances = new Map<string, AjvInstance>();

// Servers built with zod 4 declare draft 2020-12; older ones draft-07 (Ajv's default).
// One lenient Ajv per draft, created on first use: unknown keywords and formats are
// ignored rather than making the whole tool unusable.
function ajvFor(schemaUri: unknown): AjvInstance {
  const draft =
    typeof schemaUri === "string" && schemaUri.includes("2020-12")
      ? "2020"
      : typeof schemaUri === "string" && schemaUri.includes("2019-09")
        ? "2019"
        : "07";
  let ajv = instances.get(draft);
  if (!ajv) {
    const options = {
      strict: false,
      allErrors: false,
      validateFormats: false,
      addUsedSchema: false,
      logger: false,
    } as const;
    ajv =
      draft === "2020"
        ? new Ajv2020(options)
        : draft === "2019"
          ? new Ajv2019(options)
          : new Ajv(options);
    instances.set(draft, ajv);
  }
  return ajv;
}

/**
 * Compiles a tool's `outputSchema` once, at registration. Returns the validator, or an
 * error message when the schema itself cannot be compiled (the tool is still registered;
 * its results are then passed through unchecked).
 */
export function compileOutputSchema(
  schema: Record<string, unknown>,
): { validate: OutputValidator } | { error: string } {
  const ajv = ajvFor(schema.$schema);
  let compiled: ValidateFunction;
  try {
    // `$schema` of another draft than the instance's would be rejected; the draft is already chosen.
    const { $schema: _ignored, ...rest } = schema;
    compiled = ajv.compile(rest);
  } catch (error) {
    return { error: `outputSchema could not be compiled: ${(error as Error).message}` };
  }
  return {
    validate(value) {
      if (compiled(value)) return { valid: true };
      const first = compiled.errors?.[0];
      const where = first?.instancePath ? first.instancePath : "(root)";
      const count = compiled.errors?.length ?? 0;
      return {
        valid: false,
        message: `${where} ${first?.message ?? "is invalid"}${count > 1 ? ` (and ${count - 1} more)` : ""}`,
      };
    },
  };
}
