import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

/**
 * A Client's JSON Schema validator that makes its Ajv instance when the first schema needs
 * it. The SDK's default builds an Ajv with every ajv-formats format in each Client's
 * constructor (~5 ms per connect attempt, before the server is even spawned, so twenty
 * servers waited for twenty of them). The SDK 1.32 Client uses it only to check tool outputs
 * after its own listTools()/callTool(), and mcp-transport lists and calls tools with plain
 * requests, so a session normally never makes one. One per Client, as before, so compiled
 * schemas go away with the Client.
 */
export function lazySchemaValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      ajv ??= new AjvJsonSchemaValidator();
      return ajv.getValidator<T>(schema);
    },
  };
}
