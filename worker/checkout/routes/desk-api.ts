/**
 * The dashboard's sign-in routes (desk/desk-routes.ts) with the two that make sign-in links
 * server to server, each behind its own authentication: the shop's backend token
 * (POST /api/shops/{shop}/dashboard/sign-in-links) and the admin token
 * (POST /admin/dashboard/sign-in-links, `{shop}` or `{operator: true}`); and the demo's way to the
 * point of sale (desk/demo-pos-sign-in.ts).
 */
import { Hono } from "hono";
import { demoPosRoutes } from "../desk/demo-pos-sign-in.js";
import { adminLinkSchema, adminSignInLink, deskRoutes, shopSignInLink } from "../desk/desk-routes.js";
import { jsonBody, limitBody, type AppEnv } from "../http/plumbing.js";
import { adminAuth } from "./admin-auth.js";
import { backendAuth } from "./backend-auth.js";

const MAX_LINK_BODY = 1024;

export const deskApi = new Hono<AppEnv>();

deskApi.post("/api/shops/:shop/dashboard/sign-in-links", backendAuth, shopSignInLink);
deskApi.post("/admin/dashboard/sign-in-links", adminAuth, limitBody(MAX_LINK_BODY), jsonBody(adminLinkSchema), (c) =>
  adminSignInLink(c, c.req.valid("json")),
);
deskApi.route("/", deskRoutes);
deskApi.route("/", demoPosRoutes);
