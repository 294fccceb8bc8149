import { expect } from "vitest";
import { V3Error } from "../../../../worker/v3/errors.js";

/** Awaits a promise that must reject with a V3Error, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<V3Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(V3Error);
  return error as V3Error;
}

/** Runs a function that must throw a V3Error synchronously, and returns that error. */
export function thrown(fn: () => unknown): V3Error {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(V3Error);
  return error as V3Error;
}
