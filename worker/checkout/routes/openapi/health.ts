/** The public health check (routes/health.ts). */
import type { Operation } from "./operation.js";
import { healthReport } from "./admin-shapes.js";

export const healthOperations: Operation[] = [
  {
    method: "get",
    path: "/healthz",
    operationId: "getHealth",
    tag: "Health",
    summary: "Whether this deployment can take payments",
    description: "Counts and states only; no token needed. Not cached.",
    answers: {
      200: { description: "All is well.", schema: healthReport },
      503: { description: "Degraded: `problems` says why.", schema: healthReport },
    },
    errors: {},
  },
];
