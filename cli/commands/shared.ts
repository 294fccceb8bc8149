import { InvalidArgumentError, type Command } from "commander";
import type { Context } from "../context.js";

/** Builds the context of the command being run (its options merged with the global ones). */
export type MakeContext = (command: Command) => Context;

/** A commander parser for an integer option in [min, max]. */
export function integer(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    return n;
  };
}

/** The options of the command itself (not the global ones). */
export function own<T>(command: Command): T {
  return command.opts<T & Record<string, unknown>>();
}
