/** axe-core on the element (its shadow tree included): no violation allowed. */
import axe from "axe-core";

export async function axeViolations(context: Element): Promise<string[]> {
  const results = await axe.run(context, { resultTypes: ["violations"] });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
