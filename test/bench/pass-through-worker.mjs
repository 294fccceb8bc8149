// The bare pass-through bound of the create path: a Worker that forwards the request body to the
// upstream's POST /v3/payments with the caller's headers, and nothing else (no routing, checks or
// state). `npm run bench` starts it under `wrangler dev` beside the checkout Worker, pointed at
// the same upstream, so that the checkout's create rate can be read against what any Worker in
// between could reach on this machine in the same run.
export default {
  async fetch(request, env) {
    if (request.method !== "POST") return new Response("pass-through"); // the readiness check
    return fetch(`${env.UPSTREAM}/v3/payments`, { method: "POST", headers: request.headers, body: request.body });
  },
};
