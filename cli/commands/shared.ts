import { InvalidArgumentError, type Command } from "commander";
import type { Context } from "../context.js";

/** What a command does, given its context, its own options, its arguments and the command itself. */
export type Handler<O, A extends unknown[]> = (ctx: Context, o: O, args: A, command: Command) => Promise<unknown>;

/** Turns a Handler into commander's action callback; `o` and `args` take the types the handler names. */
export type Act = <O = object, A extends unknown[] = unknown[]>(
  handler: Handler<O, A>,
) => (...params: unknown[]) => Promise<void>;

/** The Act of a program whose commands get `makeContext(command)` (their options merged with the global ones). */
export function actions(makeContext: (command: Command) => Context): Act {
  return <O, A extends unknown[]>(handler: Handler<O, A>) =>
    async (...params: unknown[]) => {
      // commander calls an action with the arguments, then the command's options, then the command.
      const command = params[params.length - 1] as Command;
      await handler(makeContext(command), own<O>(command), params.slice(0, -2) as A, command);
    };
}

/** A commander parser for an integer option in [min, max]. */
export function integer(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    return n;
  };
}

/** `value` without its undefined fields: a request built from options carries only those given. */
export function given<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
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
