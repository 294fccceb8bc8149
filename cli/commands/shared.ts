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

/** A commander parser for a duration in seconds (a decimal like "0.5" or "5") in [min, max]; returns milliseconds. */
export function seconds(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = /^\d{1,6}(\.\d{1,3})?$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) throw new InvalidArgumentError(`must be a number of seconds from ${min} to ${max}`);
    return Math.round(n * 1000);
  };
}
