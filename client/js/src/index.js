// marketing-fork: a client for the Marketing Fork API, for Node 18+ and
// browsers. No dependencies: it uses the global fetch (or the one given).

export const VERSION = "0.1.0";

const DEFAULT_BASE_URL = "http://localhost:8080";
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_RETRIES = 2;
/** The longest wait between attempts, Retry-After included. */
const MAX_RETRY_WAIT_MS = 30_000;
const BACKOFF_BASE_MS = 500;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** The base of every error the client throws. */
export class MarketingForkError extends Error {
  /**
   * @param {string} message
   * @param {{status?: number, type?: string, detail?: any, requestId?: string|null, body?: any, headers?: Headers|null, cause?: unknown}} [fields]
   */
  constructor(message, fields = {}) {
    super(message, fields.cause !== undefined ? { cause: fields.cause } : undefined);
    this.name = new.target.name;
    this.status = fields.status ?? 0;
    this.type = fields.type ?? "";
    this.detail = fields.detail ?? message;
    this.requestId = fields.requestId ?? null;
    this.body = fields.body;
    this.headers = fields.headers ?? null;
  }
}

/** 401: the API key is missing, unknown or revoked. */
export class AuthenticationError extends MarketingForkError {}

/** 422: the request did not validate; `errors` holds FastAPI's items. */
export class ValidationError extends MarketingForkError {
  constructor(message, fields = {}) {
    super(message, fields);
    this.errors = Array.isArray(fields.errors) ? fields.errors : [];
  }
}

/** 429: a quota is used up; `retryAfter` is in seconds (null when not sent). */
export class RateLimitError extends MarketingForkError {
  constructor(message, fields = {}) {
    super(message, fields);
    this.retryAfter = fields.retryAfter ?? null;
  }
}

/** Any other error answer (4xx, 5xx), and network failures or timeouts (status 0). */
export class APIError extends MarketingForkError {}

/** A new idempotency key: a random UUID without its dashes. */
export function newIdempotencyKey() {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID().replace(/-/g, "");
  if (c && typeof c.getRandomValues === "function") {
    const b = c.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  }
  throw new Error("marketing-fork: no crypto.randomUUID; pass idempotencyKey");
}

/**
 * Retry-After in seconds: delta-seconds or an HTTP date; null when absent
 * or unreadable.
 * @param {string|null} value
 * @returns {number|null}
 */
export function parseRetryAfter(value) {
  if (value == null) return null;
  const v = String(value).trim();
  if (v === "") return null;
  if (/^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.ceil((t - Date.now()) / 1000));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function backoffMs(attempt) {
  const base = Math.min(MAX_RETRY_WAIT_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

async function readBody(res) {
  const text = await res.text();
  if (text === "") return null;
  const ct = res.headers.get("content-type") || "";
  if (ct.includes("json") || /^[\s]*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      /* not JSON after all */
    }
  }
  return text;
}

function errorFromResponse(res, body) {
  const status = res.status;
  const headers = res.headers;
  const requestId =
    (body && typeof body === "object" && typeof body.request_id === "string" && body.request_id) ||
    headers.get("x-request-id") ||
    null;
  if (status === 422) {
    const errors = body && typeof body === "object" && Array.isArray(body.detail) ? body.detail : [];
    const msgs = errors.map((e) => `${(e.loc || []).join(".")}: ${e.msg}`).join("; ");
    return new ValidationError(`422 validation error${msgs ? `: ${msgs}` : ""}`, {
      status,
      type: "validation_error",
      detail: errors,
      errors,
      requestId,
      body,
      headers,
    });
  }
  let detail = "";
  let type = "";
  if (body && typeof body === "object") {
    if (typeof body.detail === "string") detail = body.detail;
    if (typeof body.type === "string") type = body.type;
  } else if (typeof body === "string") {
    detail = body.slice(0, 500);
  }
  if (!detail) detail = res.statusText || `HTTP ${status}`;
  const message = `${status}${type ? ` ${type}` : ""}: ${detail}`;
  const fields = { status, type, detail, requestId, body, headers };
  if (status === 401) return new AuthenticationError(message, fields);
  if (status === 429) {
    return new RateLimitError(message, { ...fields, retryAfter: parseRetryAfter(headers.get("retry-after")) });
  }
  return new APIError(message, fields);
}

/** A client of the Marketing Fork API. */
export class Client {
  /**
   * @param {import("./index.d.ts").ClientOptions} [options]
   */
  constructor(options = {}) {
    const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    this.baseUrl = String(baseUrl).replace(/\/+$/, "");
    this.apiKey = options.apiKey ?? null;
    this.sandbox = Boolean(options.sandbox);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== "function") throw new TypeError("marketing-fork: no fetch; pass options.fetch");
    // Bound to globalThis: browsers reject fetch called on another object.
    this._fetch = options.fetch ? f : f.bind(globalThis);
  }

  _headers(extra) {
    const h = { Accept: "application/json" };
    if (this.apiKey) h.Authorization = `Bearer ${this.apiKey}`;
    if (this.sandbox) h["X-Sandbox"] = "true";
    return Object.assign(h, extra);
  }

  /**
   * One request with retries: network errors and timeouts, 502/503/504, and
   * 429 after its Retry-After (capped at 30 s). Never other 4xx.
   * @returns {Promise<{body: any, response: Response}>}
   */
  async _request(method, path, { body, headers, query } = {}) {
    let url = this.baseUrl + path;
    if (query) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
      const s = qs.toString();
      if (s) url += `?${s}`;
    }
    const init = { method, headers: this._headers(headers) };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.retries;
      const controller = typeof AbortController === "function" ? new AbortController() : null;
      let timedOut = false;
      const timer =
        controller && this.timeoutMs > 0
          ? setTimeout(() => {
              timedOut = true;
              controller.abort();
            }, this.timeoutMs)
          : null;
      let res;
      let parsed;
      try {
        res = await this._fetch(url, { ...init, signal: controller ? controller.signal : undefined });
        parsed = await readBody(res);
      } catch (err) {
        if (timer) clearTimeout(timer);
        if (!last) {
          await sleep(backoffMs(attempt));
          continue;
        }
        const type = timedOut ? "timeout" : "connection_error";
        const detail = timedOut
          ? `no answer from ${url} within ${this.timeoutMs} ms`
          : `could not reach ${url}: ${err && err.message ? err.message : String(err)}`;
        throw new APIError(detail, { status: 0, type, detail, cause: err });
      }
      if (timer) clearTimeout(timer);
      if (res.ok) return { body: parsed, response: res };
      if (!last && RETRY_STATUSES.has(res.status)) {
        let wait = backoffMs(attempt);
        const ra = parseRetryAfter(res.headers.get("retry-after"));
        if (ra !== null) wait = ra * 1000;
        else if (res.status === 429) wait = 1000;
        await sleep(Math.min(wait, MAX_RETRY_WAIT_MS));
        continue;
      }
      throw errorFromResponse(res, parsed);
    }
  }

  /**
   * Forks a landing page. Sends an Idempotency-Key (a new one unless given),
   * the same on each retry.
   */
  async fork(request = {}) {
    const { idempotencyKey, ...rest } = request;
    const payload = {};
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) payload[k] = v;
    const key = idempotencyKey || newIdempotencyKey();
    const { body, response } = await this._request("POST", "/v1/fork", {
      body: payload,
      headers: { "Idempotency-Key": key },
    });
    const result = body && typeof body === "object" ? body : {};
    result.sandbox = Boolean(result.sandbox);
    result.replayed = (response.headers.get("idempotent-replayed") || "").toLowerCase() === "true";
    return result;
  }

  /** The 12 profiles and 4 language layers. */
  async profiles() {
    return (await this._request("GET", "/v1/profiles")).body;
  }

  /** Version, provider, store, uptime and counts. */
  async status() {
    return (await this._request("GET", "/v1/status")).body;
  }

  /** {"status":"ok",...}; throws an APIError (503) when the store is down. */
  async health() {
    return (await this._request("GET", "/health")).body;
  }

  /** Per-endpoint counts and the fork totals, as JSON. */
  async metrics() {
    return (await this._request("GET", "/metrics")).body;
  }

  /** Asks in natural language (NLWeb), as one JSON answer (streaming=false). */
  async ask(query, options = {}) {
    return (await this._request("GET", "/ask", { query: { query, mode: options.mode, streaming: "false" } })).body;
  }

  /** Issues a free API key (shown once). */
  async getKey(label) {
    const body = label ? { label } : {};
    return (await this._request("POST", "/get-key", { body })).body;
  }

  /** A fork made with this key, as fork answered it (GET /v1/forks/{id}). */
  async getFork(id) {
    return (await this._request("GET", forkPath(id))).body;
  }

  /**
   * A page of this key's kept forks, newest first: {forks, next_cursor}.
   * Pass next_cursor as options.cursor for the next page.
   */
  async listForks(options = {}) {
    return (await this._request("GET", "/v1/forks", { query: { cursor: options.cursor || undefined, limit: options.limit } })).body;
  }

  /** Deletes a kept fork. */
  async deleteFork(id) {
    await this._request("DELETE", forkPath(id));
  }

  /** The variant page to host, as HTML (GET /v1/forks/{id}/page). */
  async forkPage(id) {
    return (await this._request("GET", forkPath(id, "/page"))).body;
  }

  /**
   * The fork for an A/B testing tool: growthbook, optimizely, posthog,
   * unbounce or patch (GET /v1/forks/{id}/export).
   */
  async exportFork(id, format) {
    return (await this._request("GET", forkPath(id, "/export"), { query: { format } })).body;
  }

  /** Whether the live page still matches the page the fork was made from. */
  async drift(id) {
    return (await this._request("GET", forkPath(id, "/drift"))).body;
  }
}

/** The path of a kept fork, its id escaped. */
function forkPath(id, rest = "") {
  return `/v1/forks/${encodeURIComponent(id)}${rest}`;
}

export default Client;
