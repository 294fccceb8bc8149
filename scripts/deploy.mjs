#!/usr/bin/env node
// `npm run deploy -- --env staging|production [--dry-run | --upload-only] [-c wrangler.toml] [--secrets-file FILE]`:
// the preflight of a deployment, then the deployment. The rules are scripts/deploy-preflight.ts's
// (pure, bundled here with esbuild, as the shop schema it validates SHOPS with is TypeScript); this
// script reads wrangler.toml, the demo's secret values and, through the project's wrangler, the
// account: the Worker's secret names, the queues, the D1 migrations not applied. Everything missing
// is printed as one list with the fix for each, and the script exits 1; only with an empty list does
// it build (npm run build) and deploy (wrangler deploy --env ..., or with --upload-only `wrangler
// versions upload --env ...`, a version for a gradual rollout). --dry-run does what needs no
// account: the configuration's checks, the bundle (wrangler deploy --dry-run) and its size against
// the Workers limits; the account's checks are listed as skipped. docs/checkout.md, "Deploying".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, parseEnv } from "node:util";
import { gzipSync } from "node:zlib";
import { parse } from "smol-toml";
import { ensureBuilt, ROOT } from "./servers.mjs";

// The project's own wrangler. CRYPTO_CHECKOUT_DEPLOY_WRANGLER names another script run in its place:
// test/tooling/deploy-preflight-account.test.ts puts one there that answers as an account would.
const WRANGLER =
  process.env.CRYPTO_CHECKOUT_DEPLOY_WRANGLER ?? join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const USAGE = `Usage: npm run deploy -- --env <staging|production> [--dry-run | --upload-only] [-c wrangler.toml] [--secrets-file FILE]
  --dry-run       the checks that need no account, the bundle and its size; uploads nothing
                  (without --env: the top level, the local demo configuration)
  --upload-only   after the preflight, upload a version without deploying it (wrangler versions
                  upload), for a gradual rollout with wrangler versions deploy
  --secrets-file  secrets to upload with the version (JSON or .env), passed to wrangler deploy`;

let options;
try {
  options = parseArgs({
    options: {
      env: { type: "string", short: "e" },
      config: { type: "string", short: "c" },
      "dry-run": { type: "boolean", default: false },
      "upload-only": { type: "boolean", default: false },
      "secrets-file": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const dryRun = options["dry-run"];
const env = options.env;
const configPath = resolve(options.config ?? join(ROOT, "wrangler.toml"));
if (!dryRun && env === undefined) {
  console.error(
    `npm run deploy deploys an environment of wrangler.toml: --env staging or --env production (the top level is the local demo configuration).\n${USAGE}`,
  );
  process.exit(2);
}

const preflight = await loadPreflight();
const file = parse(readFileSync(configPath, "utf8"));
const target = { env, file };
const secretsFile = options["secrets-file"] ? readSecretsFile(options["secrets-file"]) : {};
const configFound = preflight.configProblems(target, demoValues(), secretsFile);
const label = env === undefined ? "the top level (the local demo configuration)" : `[env.${env}]`;

if (dryRun) {
  console.log(`Preflight of ${label} in ${configPath}, dry run: the checks that need no account.`);
  const bundle = buildBundle();
  const failing = [...configFound.filter((p) => p.kind === "config"), ...bundle.problems];
  const placeholders = configFound.filter((p) => p.kind === "placeholder");
  if (placeholders.length) {
    console.log(
      `To fill in before a deployment (the preflight of a deployment refuses these):\n${preflight.formatProblems(placeholders)}`,
    );
  }
  if (env !== undefined) {
    console.log(
      "Skipped, as they need the account: the secrets are set, the queues exist, the D1 migrations are applied.",
    );
  }
  if (bundle.line) console.log(bundle.line);
  if (failing.length) {
    console.error(
      `${failing.length} problem${failing.length > 1 ? "s" : ""} to fix:\n${preflight.formatProblems(failing)}`,
    );
    process.exit(1);
  }
  console.log("Dry run passed: nothing was uploaded.");
  process.exit(0);
}

console.log(`Preflight of ${label} in ${configPath}: asking the account through wrangler.`);
const { account, unreadable } = readAccount();
const problems = [...configFound, ...unreadable, ...preflight.accountProblems(target, account, secretsFile)];
if (problems.length) {
  console.error(
    `Not deployed: ${problems.length} problem${problems.length > 1 ? "s" : ""} to fix first:\n${preflight.formatProblems(problems)}`,
  );
  process.exit(1);
}
const uploadOnly = options["upload-only"];
console.log(`Preflight passed. Building, then ${uploadOnly ? "uploading a version" : "deploying"}.`);
const build = spawnSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const deploy = spawnSync(
  process.execPath,
  [
    WRANGLER,
    ...(uploadOnly ? ["versions", "upload"] : ["deploy"]),
    "-c",
    configPath,
    "--env",
    env,
    ...(options["secrets-file"] ? ["--secrets-file", options["secrets-file"]] : []),
  ],
  { cwd: ROOT, stdio: "inherit", env: wranglerEnv() },
);
process.exit(deploy.status ?? 1);

/** scripts/deploy-preflight.ts with the shop schema it imports, bundled for Node and imported. */
async function loadPreflight() {
  const esbuild = await import("esbuild");
  const dir = join(ROOT, "node_modules", ".cache", "crypto-checkout-deploy");
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `preflight.${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [join(ROOT, "scripts", "deploy-preflight.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "error",
    absWorkingDir: ROOT,
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

function wranglerEnv() {
  return { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0", NO_COLOR: "1" };
}

/**
 * Runs the project's wrangler: `{ stdout }` when it succeeds, `{ missing: true }` when `isMissing`
 * says its failure means "none yet", else `{ problem }` (not signed in, no such resource...).
 */
function wrangler(args, isMissing) {
  const run = spawnSync(process.execPath, [WRANGLER, ...args], { cwd: ROOT, encoding: "utf8", env: wranglerEnv() });
  const output = `${run.stdout ?? ""}\n${run.stderr ?? ""}`;
  if (run.status === 0) return { stdout: run.stdout };
  if (isMissing?.(output)) return { missing: true };
  const reason = output.split("\n").find((line) => /error/i.test(line)) ?? output.trim().split("\n").at(-1) ?? "";
  return {
    problem: {
      kind: "account",
      what: `wrangler ${args.filter((a, i) => a !== "-c" && args[i - 1] !== "-c").join(" ")} failed: ${reason.replace(/^\W*\[?ERROR\]?\s*/i, "").trim()}`,
      fix: "npx wrangler login (or CLOUDFLARE_API_TOKEN with CLOUDFLARE_ACCOUNT_ID), then run the preflight again",
    },
  };
}

/** The values the demo uses as secrets: .dev.vars.example's, the sandbox's accounts', and the local .dev.vars's (generated ones too). */
function demoValues() {
  const values = [];
  for (const [path, label] of [
    [join(ROOT, ".dev.vars.example"), ".dev.vars.example"],
    [join(ROOT, ".dev.vars"), "the local .dev.vars"],
  ]) {
    if (!existsSync(path)) continue;
    for (const [name, value] of Object.entries(parseEnv(readFileSync(path, "utf8")))) {
      if (value) values.push({ source: `${label}: ${name}`, value });
    }
  }
  const sandbox = parse(readFileSync(join(ROOT, "worker", "sandbox", "wrangler.toml"), "utf8"));
  const accounts = JSON.parse(String(sandbox.vars?.ACCOUNTS ?? "[]"));
  for (const account of accounts) {
    for (const key of ["keySecret", "hmacKey"]) {
      if (account[key]) values.push({ source: `the sandbox's account ${account.keyId}: ${key}`, value: account[key] });
    }
  }
  return values;
}

/** A secrets file as wrangler reads it: JSON, or .env lines. */
function readSecretsFile(path) {
  const text = readFileSync(path, "utf8");
  if (text.trim().startsWith("{")) return JSON.parse(text);
  return parseEnv(text);
}

/** The bundle of `wrangler deploy --dry-run`, measured: its size line and the problems of its size or its build. */
function buildBundle() {
  ensureBuilt({ log: (message) => console.log(message) });
  const outdir = mkdtempSync(join(tmpdir(), "crypto-checkout-bundle-"));
  try {
    const run = spawnSync(
      process.execPath,
      [WRANGLER, "deploy", "--dry-run", "--outdir", outdir, "-c", configPath, ...(env ? ["--env", env] : [])],
      { cwd: ROOT, encoding: "utf8", env: wranglerEnv() },
    );
    if (run.status !== 0) {
      const output = `${run.stdout}\n${run.stderr}`.trim();
      return {
        line: "",
        problems: [
          { kind: "config", what: `the bundle does not build:\n${output}`, fix: "the error above names the file" },
        ],
      };
    }
    let raw = 0;
    let gzip = 0;
    for (const name of readdirSync(outdir, { recursive: true })) {
      const path = join(outdir, String(name));
      if (!statSync(path).isFile() || /\.map$|README\.md$/.test(String(name))) continue;
      const bytes = readFileSync(path);
      raw += bytes.length;
      gzip += gzipSync(bytes).length;
    }
    return preflight.bundleReport({ raw, gzip });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * What the account holds for the target, through wrangler, and a problem for each question it
 * could not answer (what it could not read is then not reported missing a second time).
 */
function readAccount() {
  const config = preflight.targetConfig(target);
  const envArgs = ["-c", configPath, "--env", env];
  const unreadable = [];
  // A Worker that was never deployed has no secrets yet (`wrangler secret put` creates it).
  const secretList = wrangler(["secret", "list", "--format", "json", ...envArgs], (output) =>
    /not found/i.test(output),
  );
  if (secretList.problem) unreadable.push(secretList.problem);
  const queueList = wrangler(["queues", "list", "-c", configPath]);
  if (queueList.problem) unreadable.push(queueList.problem);
  const unappliedMigrations = {};
  for (const db of config ? preflight.databasesToCheck(config) : []) {
    const list = wrangler(["d1", "migrations", "list", db.binding, "--remote", ...envArgs]);
    if (list.problem) unreadable.push(list.problem);
    else unappliedMigrations[db.binding] = preflight.parseUnappliedMigrations(list.stdout);
  }
  const account = {
    secrets: secretList.stdout ? preflight.parseSecretList(secretList.stdout) : [],
    queues: queueList.stdout ? preflight.parseQueueList(queueList.stdout) : [],
    unappliedMigrations,
  };
  // Unread answers are problems of their own, not missing secrets or queues.
  if (secretList.problem) account.secrets = preflight.requiredSecrets(config ?? {}, []).map((s) => s.name);
  if (queueList.problem) account.queues = config ? preflight.queueNames(config) : [];
  return { account, unreadable };
}
