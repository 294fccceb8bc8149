/**
 * The OpenAPI document's named schemas (`#/components/schemas/{id}`), and the
 * compile-time pin that keeps a zod schema of an answer equal to the TypeScript type the Worker
 * answers with. The types of the contracts (wire.ts, backend-wire.ts, dashboard-wire.ts,
 * shops/admin-wire.ts) stay the source the code is written against, because the element and the
 * dashboard import them without zod; each answer's zod schema here is pinned to its type by
 * `pin`, so that neither can change without the other (`npm run typecheck` fails).
 */
import { z } from "zod";

/**
 * The registry of the document's schemas: zod's global one, where `.describe()` puts a field's
 * description too. A schema with an `id` there is a named schema of the document (`named`).
 */
export const components = z.globalRegistry;

/** `schema` registered under `id` (its description shown in the reference, its example in the document). */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string, example?: z.output<T>): T {
  components.add(schema, {
    id,
    ...(description === undefined ? {} : { description }),
    ...(example === undefined ? {} : { examples: [example] }),
  });
  return schema;
}

type AllTrue<T> = false extends T[keyof T] ? false : true;

/** True when A and B have the same property names at every depth (optional ones included). */
type KeysMatch<A, B> = [A] extends [readonly unknown[]]
  ? [B] extends [readonly unknown[]]
    ? KeysMatch<A[number], B[number]>
    : false
  : [A] extends [object]
    ? [B] extends [object]
      ? [keyof A] extends [keyof B]
        ? [keyof B] extends [keyof A]
          ? AllTrue<{ [K in keyof A & keyof B]-?: KeysMatch<NonNullable<A[K]>, NonNullable<B[K]>> }>
          : false
        : false
      : false
    : true;

/** True when A and B are assignable both ways (an open string union counts as string) with the same keys. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? KeysMatch<A, B> : false) : false;

/**
 * Pins a zod schema to the TypeScript type it describes: `pin<Type>()(schema)` does not compile
 * unless the schema's output and the type are assignable to each other.
 */
export const pin =
  <Type>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, Type> extends true ? unknown : "differs from its type")): S =>
    schema;

/** An exact decimal string (money is never a number on the wire). */
export const decimal = named(
  "DecimalString",
  z.string().regex(/^\d+(?:\.\d+)?$/),
  "An exact decimal amount as a string, e.g. `0.00012345`. Never a JSON number.",
);

/** A date-time as the Worker writes it (ISO 8601 / RFC 3339). */
export const dateTime = z.string().describe("An RFC 3339 date-time, e.g. `2026-11-27T10:00:00.000Z`.");
