/**
 * A stub notification receiver: replaces the global fetch for the host `receiver.test` only (the
 * upstream of the code under test); every other request goes to the real fetch. Answers with the
 * scripted statuses in order, then 200.
 */
import { vi } from "vitest";

export interface Received {
  url: string;
  headers: Headers;
  body: string;
}

export const RECEIVER = "http://receiver.test";

export function installReceiver(script: number[] = []): { received: Received[]; restore: () => void } {
  const received: Received[] = [];
  const statuses = [...script];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== "receiver.test") return realFetch(input, init);
    received.push({ url: request.url, headers: request.headers, body: await request.text() });
    return new Response(null, { status: statuses.shift() ?? 200 });
  });
  return { received, restore: () => spy.mockRestore() };
}
