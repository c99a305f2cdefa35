// Integration tests against the real Go server (built from this checkout),
// plus a few against local node:http stubs.
import { test, before, after, describe } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFile } from "node:child_process";
import { createServer } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createInterface } from "node:readline";

import * as mf from "../src/index.js";
import {
  Client,
  MarketingForkError,
  AuthenticationError,
  ValidationError,
  RateLimitError,
  APIError,
} from "../src/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const run = promisify(execFile);

const LANDING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ledgerly – bookkeeping in ten minutes a week</title>
<meta name="description" content="Bookkeeping for freelancers, done in ten minutes a week."></head>
<body><main>
<h1>Close your books in ten minutes a week</h1>
<p>Ledgerly matches your bank feed to your invoices so you never chase a receipt again.</p>
<ul><li>Automatic bank matching</li><li>Invoices paid twice as fast</li></ul>
<p class="price">$19/month, cancel anytime.</p>
<a class="cta" href="https://ledgerly.example/signup">Start your free trial</a>
<h2>Questions</h2>
<p>Every plan comes with a 30-day money-back guarantee.</p>
</main></body></html>`;

let tmp;
let server; // the Go server's child process
let baseUrl;
let pageServer;
let pageUrl;

function listen(srv) {
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve(srv.address().port)));
}

before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "mfork-js-"));
  const bin = path.join(tmp, "mfork");
  await run("go", ["build", "-o", bin, "./cmd/mfork"], { cwd: repoRoot, maxBuffer: 16 << 20 });
  server = spawn(
    bin,
    ["serve", "--addr", "127.0.0.1:0", "--db", `sqlite:${path.join(tmp, "mfork.db")}`, "--allow-private", "--forks-per-minute", "3"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  server.stderr.on("data", (d) => (stderr += d));
  baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30_000);
    server.once("exit", (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
    const rl = createInterface({ input: server.stdout });
    rl.once("line", (line) => {
      clearTimeout(timer);
      const m = /listening on (http:\/\/\S+)/.exec(line);
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected first line: ${line}`));
    });
  });
  server.stdout.resume();

  pageServer = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(LANDING);
  });
  pageUrl = `http://127.0.0.1:${await listen(pageServer)}/`;
});

after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (pageServer) await new Promise((resolve) => pageServer.close(resolve));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("against the Go server", () => {
  test("health, status and profiles (12 and 4)", async () => {
    const c = new Client({ baseUrl });
    assert.equal((await c.health()).status, "ok");
    assert.ok(await c.status());
    const p = await c.profiles();
    assert.equal(p.profiles.length, 12);
    assert.equal(p.layers.length, 4);
  });

  test("a sandbox fork without a key", async () => {
    const c = new Client({ baseUrl, sandbox: true });
    const r = await c.fork({ profile: "skeptic", language_layer: "plain" });
    assert.equal(r.sandbox, true);
    assert.equal(r.replayed, false);
    assert.ok(Array.isArray(r.blocks) && r.blocks.length > 0);
  });

  test("a sandbox fork with the brand's words lists their checks", async () => {
    const c = new Client({ baseUrl, sandbox: true });
    const r = await c.fork({ keep: ["ZZ-not-on-the-page"], glossary: { zzterm: "yyterm" }, avoid: ["cheap"], voice: "Warm." });
    assert.deepEqual(r.request.keep, ["ZZ-not-on-the-page"]);
    const brand = Object.fromEntries(r.checks.filter((x) => ["keep", "glossary", "avoid"].includes(x.name)).map((x) => [x.name, x.status]));
    assert.deepEqual(brand, { keep: "passed", glossary: "passed", avoid: "passed" });
  });

  test("getKey, then a fork of the loopback page passes", async () => {
    const k = await new Client({ baseUrl }).getKey("js-sdk-test");
    assert.match(k.api_key, /\S{16,}/);
    const c = new Client({ baseUrl, apiKey: k.api_key });
    const r = await c.fork({ url: pageUrl, profile: "bargain-hunter", target_language: "en-GB" });
    assert.equal(r.sandbox, false);
    assert.equal(r.replayed, false);
    assert.equal(r.passed, true, JSON.stringify(r.checks?.filter((x) => x.status === "failed")));
    assert.ok(r.checks.every((x) => ["passed", "failed", "skipped"].includes(x.status)));
    assert.equal(r.checks_run, r.checks.filter((x) => x.status !== "skipped").length);
    assert.equal(r.fallbacks, r.blocks.filter((b) => b.fallback).length);
    assert.deepEqual(r.checks_skipped, r.checks.filter((x) => x.status === "skipped").map((x) => x.name));
    assert.ok(r.ledger.some((e) => e.text.includes("19")), "the price is in the ledger");
  });

  test("a keyed fork is kept: fetched, listed, hosted, exported, checked for drift, deleted", async () => {
    const k = await new Client({ baseUrl }).getKey("js-sdk-kept");
    const c = new Client({ baseUrl, apiKey: k.api_key });
    // A cautious reader's fork puts the page's guarantee in its hero: a
    // variant to export (a fork that changes nothing is refused, below).
    const r = await c.fork({ url: pageUrl, profile: "cautious", target_language: "en-GB" });
    assert.match(r.id, /^fk_/);
    assert.equal((await c.getFork(r.id)).html, r.html);
    assert.ok((await c.listForks({ limit: 10 })).forks.some((f) => f.id === r.id));
    assert.match(await c.forkPage(r.id), /<html/i);
    const gb = await c.exportFork(r.id, "growthbook");
    assert.ok(gb && typeof gb === "object" && gb.experiment, "a GrowthBook experiment");
    const same = await c.fork({ url: pageUrl, profile: "busy-professional" });
    await assert.rejects(c.exportFork(same.id, "growthbook"), (err) => err.status === 409 && err.type === "no_variant");
    assert.ok(typeof (await c.drift(r.id)) === "object");
    await c.deleteFork(r.id);
    await assert.rejects(c.getFork(r.id), (err) => err.status === 404);
  });

  test("422 → ValidationError with its items", async () => {
    const c = new Client({ baseUrl, sandbox: true });
    const err = await c.fork({ profile: "astronaut" }).then(
      () => assert.fail("no error"),
      (e) => e,
    );
    assert.ok(err instanceof ValidationError);
    assert.ok(err instanceof MarketingForkError);
    assert.equal(err.status, 422);
    const item = err.errors.find((e) => e.type === "enum");
    assert.ok(item, JSON.stringify(err.errors));
    assert.deepEqual(item.loc, ["body", "profile"]);
  });

  test("401 → AuthenticationError", async () => {
    const c = new Client({ baseUrl, apiKey: "mf_not_a_real_key" });
    const err = await c.fork({ url: pageUrl }).then(
      () => assert.fail("no error"),
      (e) => e,
    );
    assert.ok(err instanceof AuthenticationError, String(err));
    assert.equal(err.status, 401);
    assert.ok(err.requestId);
    assert.ok(err.type);
  });

  test("429 → RateLimitError with retryAfter", async () => {
    const k = await new Client({ baseUrl }).getKey("js-sdk-429");
    const c = new Client({ baseUrl, apiKey: k.api_key, retries: 0 });
    let err;
    for (let i = 0; i < 10 && !err; i++) {
      try {
        await c.fork({ url: pageUrl });
      } catch (e) {
        err = e;
      }
    }
    assert.ok(err instanceof RateLimitError, String(err));
    assert.equal(err.status, 429);
    assert.ok(err.retryAfter > 0);
  });

  test("idempotent retry: the same key is replayed, counted once", async () => {
    const k = await new Client({ baseUrl }).getKey("js-sdk-idem");
    const c = new Client({ baseUrl, apiKey: k.api_key });
    const before = (await c.metrics()).forks.production;
    const req = { url: pageUrl, profile: "skeptic", idempotencyKey: mf.newIdempotencyKey() };
    const first = await c.fork(req);
    const second = await c.fork(req);
    assert.equal(first.replayed, false);
    assert.equal(second.replayed, true);
    assert.deepEqual(second.blocks, first.blocks);
    const afterCount = (await c.metrics()).forks.production;
    assert.equal(afterCount, before + 1);
  });

  test("ask answers as JSON", async () => {
    const c = new Client({ baseUrl });
    const a = await c.ask("which profiles are there?", { mode: "list" });
    assert.ok(Array.isArray(a.results) && a.results.length > 0);
  });
});

describe("against stubs", () => {
  async function stub(handler) {
    const requests = [];
    const srv = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        requests.push({ method: req.method, url: req.url, headers: req.headers, body });
        handler(req, res, requests.length);
      });
    });
    const port = await listen(srv);
    return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => srv.close(r)) };
  }

  test("429 with Retry-After: 1 once, then 200: waits and succeeds, same Idempotency-Key", async () => {
    const s = await stub((req, res, n) => {
      if (n === 1) {
        res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "1" });
        res.end(JSON.stringify({ detail: "slow down", status: 429, type: "rate_limited", request_id: "req_1" }));
      } else {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sandbox: false, passed: true }));
      }
    });
    try {
      const c = new Client({ baseUrl: s.url, apiKey: "k", retries: 2 });
      const t0 = performance.now();
      const r = await c.fork({ url: "https://example.com/" });
      const elapsed = performance.now() - t0;
      assert.ok(elapsed >= 1000, `elapsed ${elapsed}`);
      assert.equal(r.passed, true);
      assert.equal(r.replayed, false);
      assert.equal(s.requests.length, 2);
      const [a, b] = s.requests.map((x) => x.headers["idempotency-key"]);
      assert.match(a, /^[0-9a-f]{32}$/);
      assert.equal(a, b);
      assert.equal(s.requests[0].headers.authorization, "Bearer k");
    } finally {
      await s.close();
    }
  });

  test("502/503/504 are retried; other 4xx are not", async () => {
    const s = await stub((req, res, n) => {
      if (req.url.startsWith("/health")) {
        res.writeHead(n === 1 ? 502 : n === 2 ? 504 : 200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(n <= 2 ? { detail: "bad gateway", status: 502, type: "bad_gateway", request_id: "r" } : { status: "ok" }));
      } else {
        res.writeHead(404, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ detail: "no such route", status: 404, type: "not_found", request_id: "req_404" }));
      }
    });
    try {
      const c = new Client({ baseUrl: s.url, retries: 2 });
      assert.equal((await c.health()).status, "ok");
      assert.equal(s.requests.length, 3);
      const err = await c.status().then(() => assert.fail("no error"), (e) => e);
      assert.ok(err instanceof APIError);
      assert.equal(err.status, 404);
      assert.equal(err.type, "not_found");
      assert.equal(err.requestId, "req_404");
      assert.equal(s.requests.length, 4, "a 404 is not retried");
    } finally {
      await s.close();
    }
  });

  test("network errors are retried, then thrown as APIError status 0", async () => {
    const srv = createServer();
    const port = await listen(srv);
    await new Promise((r) => srv.close(r)); // nothing listens there now
    let calls = 0;
    const counting = (...args) => {
      calls++;
      return fetch(...args);
    };
    const c = new Client({ baseUrl: `http://127.0.0.1:${port}`, retries: 1, fetch: counting });
    const err = await c.health().then(() => assert.fail("no error"), (e) => e);
    assert.ok(err instanceof APIError);
    assert.equal(err.status, 0);
    assert.equal(err.type, "connection_error");
    assert.equal(calls, 2);
  });

  test("replayed comes from Idempotent-Replayed; a given key is sent as is", async () => {
    const s = await stub((req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Idempotent-Replayed": "true" });
      res.end(JSON.stringify({ sandbox: true }));
    });
    try {
      const c = new Client({ baseUrl: s.url, sandbox: true });
      const r = await c.fork({ profile: "parent", idempotencyKey: "my-key-1", url: undefined });
      assert.equal(r.replayed, true);
      assert.equal(r.sandbox, true);
      assert.equal(s.requests[0].headers["idempotency-key"], "my-key-1");
      assert.equal(s.requests[0].headers["x-sandbox"], "true");
      assert.deepEqual(JSON.parse(s.requests[0].body), { profile: "parent" });
    } finally {
      await s.close();
    }
  });
});

test("index.d.ts declares every exported name", async () => {
  const dts = await readFile(path.join(here, "../src/index.d.ts"), "utf8");
  const names = Object.keys(mf);
  assert.ok(names.length >= 10);
  for (const name of names) {
    if (name === "default") {
      assert.match(dts, /export default /, "default export");
      continue;
    }
    const re = new RegExp(`export\\s+(declare\\s+)?(class|function|const|let|var)\\s+${name}\\b`);
    assert.match(dts, re, `${name} is not declared`);
  }
  for (const m of ["fork", "profiles", "status", "health", "metrics", "ask", "getKey", "getFork", "listForks", "deleteFork", "forkPage", "exportFork", "drift"]) {
    assert.match(dts, new RegExp(`\\b${m}\\(`), `Client.${m} is not declared`);
  }
});
