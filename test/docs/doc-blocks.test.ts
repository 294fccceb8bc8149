/** How the doc-test reads the docs' shell blocks and compares what they print (test/docs/doc-blocks.ts). */
import { describe, expect, it } from "vitest";
import { docFile, linePattern, missingLines, parseShownJson, shapeDifferences, withPorts } from "./doc-blocks.js";

const page = [
  "# Page",
  "",
  "```sh",
  "C=http://127.0.0.1:8787",
  "# Create one",
  "PAY=$(curl -s -X POST $C/x \\",
  "  -d '{}' | jq -r .paymentId)",
  "curl -s $C/x/$PAY | jq -r .status",
  "# NEW",
  "# The next one",
  "curl -s $C/y",
  "```",
  "",
  "```json",
  '{ "a": 1, "b": [ { "c": "x" }, … ], … }',
  "```",
  "",
  "<!-- doc-test: illustrative: needs an account -->",
  "```sh",
  "npx wrangler deploy",
  "```",
  "",
  "```",
  "$ npx crypto-checkout shops list < /dev/null",
  "error: nothing",
  "# exit 2",
  "```",
  "",
  "<!-- doc-test: file a.json -->",
  "```json",
  '{"id":"a"}',
  "```",
  "",
  "```html",
  "<p>not shell</p>",
  "```",
].join("\n");

describe("the docs' shell blocks", () => {
  const doc = docFile("docs/page.md", page);

  it("finds sh blocks and untagged console transcripts, with the illustrative mark and its reason", () => {
    expect(doc.blocks.map((block) => [block.line, block.lang, block.illustrative])).toEqual([
      [3, "sh", undefined],
      [19, "sh", "needs an account"],
      [23, "", undefined],
    ]);
    expect(doc.files).toEqual([{ name: "a.json", text: '{"id":"a"}' }]);
  });

  it("splits commands across continuation lines, takes comments under a command as its output and sentences as prose", () => {
    const [first] = doc.blocks;
    expect(first?.commands.map((command) => [command.line, command.text.split("\n").length, command.output])).toEqual([
      [4, 1, []],
      [6, 2, []],
      [8, 1, ["NEW"]],
      [11, 1, []],
    ]);
    expect(first?.followingOutput?.line).toBe(14);
  });

  it("reads a transcript's commands, output and exit code", () => {
    expect(doc.blocks[2]?.commands).toEqual([
      { text: "npx crypto-checkout shops list < /dev/null", line: 24, output: ["error: nothing"], exitCode: 2 },
    ]);
  });
});

describe("comparing output", () => {
  it("matches ids, times and addresses by kind, … as anything, and any spacing", () => {
    const pattern = linePattern(
      "2026-11-22T21:15:48.039Z  payment.created  evt_2667d215f481477aaf005a66e65ea3c1  -> 503 …",
    );
    expect(
      pattern.test("2027-01-01T00:00:00.000Z payment.created      evt_0123456789abcdef0123456789abcdef  -> 503 busy"),
    ).toBe(true);
    expect(pattern.test("2027-01-01T00:00:00.000Z payment.created evt_0123456789abcdef0123456789abcdef -> 200")).toBe(
      false,
    );
    expect(
      linePattern('{"paymentId":"5c42d926-4665-4edb-bcc5-aa72625d91df"}').test(
        '{"paymentId":"00000000-1111-2222-3333-444444444444"}',
      ),
    ).toBe(true);
    expect(missingLines(["a", "c"], "a\nb\nc")).toEqual([]);
    expect(missingLines(["c", "a"], "a\nb\nc")).toEqual(["a"]);
    expect(missingLines([["x", "b"]], "a\nb")).toEqual([]);
  });

  it("checks each key a JSON answer shows, values equal except volatile ones", () => {
    const shown = parseShownJson(
      '{ "paid": true, "payment": { "status": "CONFIRMED", …, "version": 6 }, "events": [ { "cursor": "1" }, … ] }',
    );
    expect(
      shapeDifferences(shown, {
        paid: true,
        payment: { status: "CONFIRMED", version: 4, extra: 1 },
        events: [{ cursor: "17" }, { cursor: "18" }],
      }),
    ).toEqual([]);
    expect(shapeDifferences(shown, { paid: false, payment: { status: "NEW", version: 1 }, events: [] })).toEqual([
      "$.paid: expected true, got false",
      '$.payment.status: expected "CONFIRMED", got "NEW"',
      "$.events: expected at least 1 items, got 0",
    ]);
    expect(shapeDifferences({ error: null }, {})).toEqual(["$.error: missing"]);
    expect(shapeDifferences({ attempts: [1, 2, 3] }, { attempts: [1] })).toEqual([]);
  });

  it('takes a string shown as "…" for any string, and only a string', () => {
    const shown = parseShownJson('{ "orderId": "…", "status": "NEW", … }');
    expect(shapeDifferences(shown, { orderId: "readme-1", status: "NEW", version: 1 })).toEqual([]);
    expect(shapeDifferences(shown, { orderId: 7, status: "NEW" })).toEqual(["$.orderId: expected a string, got 7"]);
    expect(shapeDifferences(shown, { status: "NEW" })).toEqual(["$.orderId: missing"]);
  });

  it("puts the run's ports in place of the demo's", () => {
    expect(
      withPorts("http://127.0.0.1:8787 http://localhost:8787 127.0.0.1:8788/x 127.0.0.1:8789 :87870", {
        checkout: 1,
        sandbox: 2,
        backend: 3,
      }),
    ).toBe("http://127.0.0.1:1 http://localhost:1 127.0.0.1:2/x 127.0.0.1:3 :87870");
  });
});
