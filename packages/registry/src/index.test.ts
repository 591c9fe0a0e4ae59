import { expect, it } from "vitest";
import { placeholder } from "./index.js";

it("works", () => expect(placeholder).toBe(1));
