/** A TCP port that is free on 127.0.0.1 right now: the one implementation lives with the server runner. */
export { freePort } from "../../scripts/servers.mjs";
