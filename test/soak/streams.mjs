// The customers' open checkouts in the soak: one WebSocket stream per open payment
// (`/api/shops/{shop}/payments/{id}/stream`, as the element opens it), kept open and reconnected
// after every cut (a Worker crash cuts them all) until the soak lets go of it. While a stream is
// open the payment's Durable Object polls the payment service, so a change whose notification was
// dropped is still found: the soak relies on that, as a customer's open page does.
import WebSocket from "ws";

/** Wait before reconnecting a cut stream: 0.5 to 1.5 s, so that a restart is not met by all at once. */
const reconnectDelay = (random) => 500 + Math.floor(random() * 1000);

export function streamWatchers({ checkoutUrl, random }) {
  const wsBase = checkoutUrl.replace(/^http/, "ws");
  const stats = { opened: 0, cut: 0, refused: 0, messages: 0, open: 0 };

  /**
   * Watches one payment; `onView(view)` gets every view it streams. Returns `{ latest, close() }`.
   * `ip` is the customer's address (CF-Connecting-IP), as Cloudflare adds it.
   */
  function watch({ shop, paymentId, clientSecret, ip, onView }) {
    let closed = false;
    let socket;
    let timer;
    const handle = { latest: undefined, close };
    const connect = () => {
      if (closed) return;
      const secret = encodeURIComponent(clientSecret);
      socket = new WebSocket(`${wsBase}/api/shops/${shop}/payments/${paymentId}/stream?clientSecret=${secret}`, {
        headers: { "CF-Connecting-IP": ip },
        handshakeTimeout: 10_000,
      });
      let opened = false;
      socket.on("open", () => {
        opened = true;
        stats.opened++;
        stats.open++;
      });
      socket.on("message", (data) => {
        stats.messages++;
        let message;
        try {
          message = JSON.parse(String(data));
        } catch {
          return; // "pong" and the like
        }
        if (message?.type !== "payment" || !message.payment) return;
        const view = message.payment;
        if (!handle.latest || view.version >= handle.latest.version) handle.latest = view;
        onView?.(view);
      });
      socket.on("unexpected-response", (_req, res) => {
        stats.refused++;
        res.resume();
        socket.terminate();
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        if (opened) stats.open--;
        if (closed) return;
        if (opened) stats.cut++;
        timer = setTimeout(connect, reconnectDelay(random));
      });
    };
    function close() {
      closed = true;
      clearTimeout(timer);
      socket?.terminate();
    }
    connect();
    return handle;
  }

  return { watch, stats };
}
