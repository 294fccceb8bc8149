import { describe, expect, it } from "vitest";
import { REDIRECT_KEYS } from "../../../worker/v3/types.js";

describe("workerd", () => {
  it("runs tests in the Workers runtime", () => {
    expect(typeof WebSocketPair).toBe("function");
    expect(REDIRECT_KEYS).toHaveLength(4);
  });
});
