/**
 * What the element's polite live region says (pure). A screen reader hears each status change
 * once, the countdown's two-minute warning once per payment, and what the connection and the
 * customer's own actions bring (reconnecting, copied, a failure). A countdown tick says nothing.
 */

export interface Announcement {
  /** The live region's text. */
  readonly text: string;
  /** The two-minute warning was said for the payment on screen. */
  readonly warned: boolean;
}

export type Cue =
  /**
   * A new status is on screen. `focused`: focus moved to its heading (the control that had it is
   * gone), and the screen reader reads the heading out itself.
   */
  | { kind: "status"; text: string; focused: boolean }
  /** A second of the countdown passed; `warning`: it is inside the last two minutes. */
  | { kind: "tick"; warning: boolean; text: string }
  /** The connection was lost or restored, a copy's result, a failure. */
  | { kind: "message"; text: string }
  /** Another payment is coming: its warning is still to be said. */
  | { kind: "restart" };

export const SILENT: Announcement = { text: "", warned: false };

/**
 * The live region after `cue`; the very same object when nothing is to be said. A live region
 * speaks only when its text changes, so a text equal to the one it holds gets a no-break space
 * (and loses it the next time), and is heard again.
 */
export function announce(current: Announcement, cue: Cue): Announcement {
  const say = (text: string): Announcement => ({ ...current, text: current.text === text ? `${text}\u00a0` : text });
  switch (cue.kind) {
    case "status":
      return cue.focused ? current : say(cue.text);
    case "tick":
      return cue.warning && !current.warned ? { ...say(cue.text), warned: true } : current;
    case "message":
      return say(cue.text);
    case "restart":
      return current.warned ? { ...current, warned: false } : current;
  }
}
