/**
 * The refund mode's own styles, adopted into the element's shadow root by the refund mode's chunk
 * next to the checkout's (checkout.styles.ts: its --_ colours, buttons, .label, .value, .groups,
 * .notice and themes apply here too). No comments inside the template: they would ship.
 */
import { css } from "lit";

export const refundStyles = css`
  .refund-form,
  .refund-form .field {
    display: grid;
    gap: 0.4em;
  }
  .refund-form {
    gap: var(--_space);
  }
  .field-label {
    font-weight: 600;
  }
  input {
    font: inherit;
    font-family: var(--checkout-mono-font, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    inline-size: 100%;
    min-block-size: 2.75em;
    padding: 0.5em 0.75em;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_muted);
    border-radius: calc(var(--_radius) / 2);
  }
  input[aria-invalid="true"] {
    border: 2px solid var(--_danger);
  }
  .problem {
    color: var(--_danger);
    font-size: 0.9em;
  }
  .problem::before {
    content: "⚠ " / "";
  }
  .refund-address {
    padding: 0.75em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    font-size: 1.05em;
  }
  .refund-address .groups {
    display: block;
  }
  .status.confirmed {
    color: var(--_success);
  }
  button:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;
