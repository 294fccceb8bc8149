/** Styles of <crypto-checkout>: themed through --checkout-* custom properties. */
import { css } from "lit";

/** Default colours of the dark theme, used by theme="dark" and by theme="auto" on a dark system. */
const darkTheme = css`
    --_bg: var(--checkout-background, #1c1d21);
    --_fg: var(--checkout-color, #eceef1);
    --_muted: var(--checkout-muted-color, #b4b8bf);
    --_border: var(--checkout-border-color, #4a4d55);
    --_accent: var(--checkout-accent-color, #8ab4f8);
    --_on-accent: var(--checkout-on-accent-color, #0b1b33);
    --_pending: var(--checkout-pending-color, #3e5f8f);
    --_track: var(--checkout-track-color, #34363c);
    --_success: var(--checkout-success-color, #7dd99a);
    --_warning: var(--checkout-warning-color, #ffb95c);
    --_danger: var(--checkout-danger-color, #ffb4ab);
    --_focus: var(--checkout-focus-color, #8ab4f8);
`;

/**
 * Windows high contrast (forced colors): the browser repaints text, borders and backgrounds in the
 * customer's palette but leaves SVG fills alone. The QR keeps dark modules on white (a scanner
 * needs them); the progress bar, the spinner and the accent buttons are drawn in the palette's
 * own colours (its button and link colours instead of the accent the browser overrides); the
 * focus ring takes the palette's highlight.
 */
const forcedColors = css`
    .qr {
      forced-color-adjust: none;
    }
    .bar {
      border: 1px solid CanvasText;
    }
    .bar .track {
      fill: Canvas;
    }
    .bar .accepted {
      fill: Highlight;
    }
    .bar .pending {
      fill: GrayText;
    }
    .spinner {
      border-color: Canvas;
      border-block-start-color: CanvasText;
    }
    button.primary {
      background: ButtonFace;
      color: ButtonText;
    }
    a.button.primary {
      background: Canvas;
      color: LinkText;
    }
    :focus-visible {
      outline-color: Highlight;
    }
`;

/*
 * No comments inside the template: they would ship. Notes on the rules below:
 * - .sr-only is heard, not seen.
 * - .icon: a final state's icon (status-icons.ts), stroked like the shop's result pages draw theirs.
 * - .groups: the address's groups of four; lines break between groups only, balanced, so that no
 *   line holds a lone short last group.
 */
export const checkoutStyles = css`
  :host {
    --_bg: var(--checkout-background, #fff);
    --_fg: var(--checkout-color, #1b1c1f);
    --_muted: var(--checkout-muted-color, #4f5359);
    --_border: var(--checkout-border-color, #c9ccd1);
    --_accent: var(--checkout-accent-color, #0b57d0);
    --_on-accent: var(--checkout-on-accent-color, #fff);
    --_pending: var(--checkout-pending-color, #8fb4ee);
    --_track: var(--checkout-track-color, #e6e8eb);
    --_success: var(--checkout-success-color, #146c2e);
    --_warning: var(--checkout-warning-color, #8a4b00);
    --_danger: var(--checkout-danger-color, #b3261e);
    --_focus: var(--checkout-focus-color, #0b57d0);
    --_radius: var(--checkout-radius, 12px);
    --_space: var(--checkout-spacing, 16px);
    display: block;
    box-sizing: border-box;
    max-width: 600px;
    min-width: 0;
    color: var(--_fg);
    font-family: var(--checkout-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
    font-size: var(--checkout-font-size, 1rem);
    line-height: 1.45;
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme="dark"]) {
    ${darkTheme}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme="light"])) {
      ${darkTheme}
    }
  }
  *,
  ::before,
  ::after {
    box-sizing: border-box;
  }
  .base {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    display: grid;
    gap: var(--_space);
    overflow-wrap: anywhere;
    container: checkout / inline-size;
  }
  h2,
  h3,
  p,
  ul,
  dl,
  dd {
    margin: 0;
  }
  h2 {
    font-size: 1.15em;
    line-height: 1.3;
  }
  .muted,
  dt,
  .label {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .badge {
    justify-self: start;
    border: 1px solid var(--_warning);
    color: var(--_warning);
    border-radius: 999px;
    padding: 0 0.6em;
    font-size: 0.85em;
  }
  .status {
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
  .status.confirmed {
    color: var(--_success);
  }
  .status.expired,
  .status.invalid {
    color: var(--_danger);
  }
  .icon {
    fill: none;
    stroke: currentColor;
    stroke-width: 3;
    stroke-linecap: round;
  }
  .spinner,
  .icon {
    inline-size: 1em;
    block-size: 1em;
    flex: none;
  }
  .spinner {
    border: 2px solid var(--_track);
    border-block-start-color: var(--_accent);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  .amount-main {
    font-size: 1.6em;
    font-weight: 700;
    line-height: 1.2;
  }
  .pay {
    display: grid;
    gap: var(--_space);
    grid-template-columns: minmax(0, 1fr);
  }
  @container checkout (min-width: 520px) {
    .pay {
      grid-template-columns: minmax(0, 220px) minmax(0, 1fr);
      align-items: start;
    }
  }
  .qr {
    justify-self: center;
    inline-size: min(100%, 220px);
    background: #fff;
    border-radius: calc(var(--_radius) / 2);
    line-height: 0;
  }
  .qr svg {
    inline-size: 100%;
    block-size: auto;
    display: block;
  }
  .fields {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    min-width: 0;
  }
  .field {
    display: grid;
    gap: 0.25em;
    min-width: 0;
  }
  .value-row,
  .countdown,
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  .value-row {
    align-items: center;
    min-width: 0;
  }
  .value {
    font-family: var(--checkout-mono-font, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: 0.95em;
    word-break: break-all;
    min-width: 0;
    flex: 1 1 12em;
    unicode-bidi: isolate;
  }
  .groups {
    text-wrap: balance;
  }
  .groups span {
    display: inline-block;
    margin-inline-end: 0.5em;
  }
  button,
  a.button {
    font: inherit;
    font-size: 0.95em;
    cursor: pointer;
    border-radius: calc(var(--_radius) / 2);
    padding: 0.45em 0.9em;
    border: 1px solid var(--_accent);
    background: transparent;
    color: var(--_fg);
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-block-size: 2.5em;
  }
  button.primary,
  a.button.primary {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  a {
    color: var(--_accent);
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .feedback {
    color: var(--_success);
    font-size: 0.9em;
  }
  .countdown {
    align-items: baseline;
  }
  .countdown time {
    font-variant-numeric: tabular-nums;
    font-weight: 700;
  }
  .countdown.warning {
    color: var(--_warning);
  }
  .progress,
  .transactions ul {
    display: grid;
    gap: 0.35em;
  }
  .bar {
    inline-size: 100%;
    block-size: 10px;
    display: block;
    border-radius: 5px;
    overflow: hidden;
  }
  .bar .track {
    fill: var(--_track);
  }
  .bar .accepted {
    fill: var(--_accent);
  }
  .bar .pending {
    fill: var(--_pending);
  }
  dl.summary {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.25em 1em;
  }
  .transactions ul {
    padding-inline-start: 1.2em;
  }
  .notice {
    border-inline-start: 4px solid var(--_warning);
    padding-inline-start: 0.75em;
  }
  .picker {
    display: grid;
    gap: 0.5em;
  }
  @media (forced-colors: active) {
    ${forcedColors}
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    ::before,
    ::after {
      animation: none !important;
    }
  }
`;
