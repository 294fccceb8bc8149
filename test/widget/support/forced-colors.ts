/** Windows high contrast as Chromium emulates it, and WCAG contrast of computed colours. */
import { executeServerCommand } from "@web/test-runner-commands";

/**
 * Turns forced colors on (the light or the dark palette, chosen by prefers-color-scheme) or off,
 * which also ends the colour-scheme override (the command of web-test-runner.config.mjs). Chromium
 * only: see canEmulateMedia in engine.ts.
 */
export async function emulateForcedColors(active: boolean, scheme: "light" | "dark" = "light"): Promise<void> {
  await executeServerCommand("emulate-forced-colors", active ? { active, scheme } : { active });
}

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(color)?.[1]
    ?.split(",")
    .map((p) => Number(p.trim()));
  if (!parts || parts.length < 3 || parts.some((n) => Number.isNaN(n)))
    throw new Error(`not an rgb() colour: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two computed colours, each drawn over the opaque `background`. */
export function contrast(a: string, b: string, background: string): number {
  const under = parse(background);
  const over = (c: string): Rgba => {
    const [r, g, bl, alpha] = parse(c);
    return [
      r * alpha + under[0] * (1 - alpha),
      g * alpha + under[1] * (1 - alpha),
      bl * alpha + under[2] * (1 - alpha),
      1,
    ];
  };
  const [l1, l2] = [luminance(over(a)), luminance(over(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}
