// Type declarations for marketing-fork (hand-written; keep in step with index.js).

export declare const VERSION: string;

export type Profile =
  | "enthusiast"
  | "skeptic"
  | "bargain-hunter"
  | "busy-professional"
  | "executive"
  | "expert"
  | "beginner"
  | "cautious"
  | "status-seeker"
  | "eco-conscious"
  | "parent"
  | "early-adopter";

export type LanguageLayer = "everyday" | "professional" | "technical" | "plain";

export interface ClientOptions {
  /** The API's base URL; default http://localhost:8080. */
  baseUrl?: string;
  /** Sent as Authorization: Bearer <apiKey>. */
  apiKey?: string | null;
  /** Sends X-Sandbox: true: sample output, no key needed. */
  sandbox?: boolean;
  /** Per attempt; default 120000. 0 for none. */
  timeoutMs?: number;
  /** Retries after the first attempt; default 2. */
  retries?: number;
  /** A fetch implementation; default the global fetch. */
  fetch?: typeof fetch;
}

export interface ForkRequest {
  /** The page to fork (http or https). Required unless html is given or the client is in the sandbox. */
  url?: string;
  /** An inline page to fork instead of fetching url. */
  html?: string;
  profile?: Profile | (string & {});
  language_layer?: LanguageLayer | (string & {});
  source_language?: string;
  target_language?: string;
  /** True to get a 502 instead of a fork that still fails its checks. */
  strict?: boolean;
  /** Terms no fork may change (product names, trademarks); checked as "keep". */
  keep?: string[];
  /** Term → the rendering the fork must use, in the fork's language; checked as "glossary". */
  glossary?: Record<string, string>;
  /** Words the brand never uses: no fork may add them; checked as "avoid". */
  avoid?: string[];
  /** The brand's voice in a sentence or two, for the writer. */
  voice?: string;
  /** Sent as Idempotency-Key; a new random one when absent. */
  idempotencyKey?: string;
}

export interface ForkedBlock {
  id: number;
  role: string;
  source: string;
  text: string;
  path: string;
  href?: string;
  rationale?: string;
  verbatim?: boolean;
  /** Why the block keeps its source text: the checks the provider's drafts of it failed. Absent when the block is the provider's. */
  fallback?: string;
}

export interface LedgerEntry {
  status: string;
  kind: string;
  text: string;
  value: string;
  block: number;
  amount?: number;
  currency?: string;
  unit?: string;
  rule?: string;
  to?: string;
}

export interface Fact {
  kind: string;
  text: string;
  value: string;
  block: number;
  amount?: number;
  currency?: string;
  unit?: string;
}

export interface Check {
  name: string;
  /** "skipped" when the check could not measure this fork (details say why); a skipped check is never passed. */
  status: "passed" | "failed" | "skipped";
  passed: boolean;
  details: string;
  blocks?: number[];
}

export interface Change {
  from: string;
  to: string;
  rule: string;
}

export interface Experiment {
  hypothesis: string;
  primary_metric: string;
  /** ID of the call to action the primary metric counts; -1 when the page has none. */
  primary_block: number;
  control: string;
  refutation: string;
  /** The control's assumed rate of the primary metric (0.02 is 2%). */
  baseline_rate: number;
  /** The smallest relative lift the test is sized for (0.2 is +20%). */
  minimum_detectable_effect: number;
  /** Visitors each arm needs: two-sided two-proportion test, 95% confidence, 80% power. */
  visitors_per_arm: number;
  guard_metrics: string[] | null;
  audience: string;
}

export interface ForkResult {
  /** The kept fork's id (fk_…), for a keyed fork the server keeps. */
  id?: string;
  /** True for sample output from the built-in page (X-Sandbox: true). */
  sandbox: boolean;
  /** True when the answer is a replay of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  request: Record<string, unknown>;
  provider: Record<string, unknown>;
  source_language: string;
  source_url?: string;
  target: Record<string, unknown>;
  translation: boolean;
  passed: boolean;
  /** How many checks ran (passed or failed). */
  checks_run: number;
  /** The checks that could not run on this fork. */
  checks_skipped: string[];
  attempts: number;
  /** How many blocks keep their source text because the provider's drafts of them failed verification. */
  fallbacks: number;
  /** The tokens the fork's drafts cost, for a provider that counts them. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  blocks: ForkedBlock[] | null;
  ledger: LedgerEntry[] | null;
  invented: Fact[] | null;
  checks: Check[] | null;
  changes?: Change[];
  notes?: string[];
  sections?: number[];
  metrics: { before: Record<string, unknown>; after: Record<string, unknown> };
  analysis: Record<string, unknown>;
  experiment: Experiment;
  html: string;
  markdown: string;
  created_at: string;
  [key: string]: unknown;
}

export interface ProfileInfo {
  name: string;
  [key: string]: unknown;
}

export interface LayerInfo {
  name: string;
  title: string;
  description: string;
  rules: unknown[] | null;
  [key: string]: unknown;
}

export interface Profiles {
  profiles: ProfileInfo[];
  layers: LayerInfo[];
  [key: string]: unknown;
}

export interface Health {
  status: string;
  store?: string;
  version?: string;
  [key: string]: unknown;
}

export interface ForkCounts {
  production: number;
  sandbox: number;
  replayed: number;
}

export interface EndpointCount {
  route: string;
  method: string;
  class: string;
  count: number;
}

export interface MetricsReport {
  endpoints: EndpointCount[] | null;
  forks: ForkCounts;
  keys_issued: number;
  [key: string]: unknown;
}

export interface KeyIssued {
  api_key: string;
  key_id: string;
  prefix: string;
  created_at: string;
  note: string;
  [key: string]: unknown;
}

export interface AskOptions {
  /** list, summarize or generate. */
  mode?: string;
}

export interface AskAnswer {
  _meta: Record<string, unknown>;
  results: unknown[];
  [key: string]: unknown;
}

/** One item of a 422 (FastAPI's shape). */
export interface ValidationErrorItem {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export interface ErrorFields {
  status?: number;
  type?: string;
  detail?: unknown;
  requestId?: string | null;
  body?: unknown;
  headers?: Headers | null;
  cause?: unknown;
}

/** The base of every error the client throws. */
export declare class MarketingForkError extends Error {
  constructor(message: string, fields?: ErrorFields);
  /** The HTTP status; 0 for a network failure or timeout. */
  status: number;
  /** The error's type, e.g. "unauthorized", "rate_limited", "validation_error", "timeout". */
  type: string;
  /** The server's detail: a string, or the items of a 422. */
  detail: unknown;
  requestId: string | null;
  body: unknown;
  headers: Headers | null;
}

/** 401. */
export declare class AuthenticationError extends MarketingForkError {}

/** 422. */
export declare class ValidationError extends MarketingForkError {
  constructor(message: string, fields?: ErrorFields & { errors?: ValidationErrorItem[] });
  errors: ValidationErrorItem[];
}

/** 429. */
export declare class RateLimitError extends MarketingForkError {
  constructor(message: string, fields?: ErrorFields & { retryAfter?: number | null });
  /** Seconds to wait, from Retry-After; null when not sent. */
  retryAfter: number | null;
}

/** Every other error answer, and network failures or timeouts (status 0). */
export declare class APIError extends MarketingForkError {}

export declare class Client {
  constructor(options?: ClientOptions);
  readonly baseUrl: string;
  apiKey: string | null;
  sandbox: boolean;
  timeoutMs: number;
  retries: number;
  fork(request?: ForkRequest): Promise<ForkResult>;
  profiles(): Promise<Profiles>;
  status(): Promise<Record<string, unknown>>;
  health(): Promise<Health>;
  metrics(): Promise<MetricsReport>;
  ask(query: string, options?: AskOptions): Promise<AskAnswer>;
  getKey(label?: string): Promise<KeyIssued>;
  /** A fork made with this key, as fork answered it. */
  getFork(id: string): Promise<ForkResult>;
  /** A page of this key's kept forks, newest first. */
  listForks(options?: { cursor?: string; limit?: number }): Promise<ForkList>;
  deleteFork(id: string): Promise<void>;
  /** The variant page to host, as HTML. */
  forkPage(id: string): Promise<string>;
  /** The fork in an A/B testing tool's format. */
  exportFork(id: string, format: "growthbook" | "optimizely" | "posthog" | "unbounce" | "patch"): Promise<unknown>;
  /** Whether the live page still matches the page the fork was made from. */
  drift(id: string): Promise<Record<string, unknown>>;
}

/** A page of kept forks. */
export interface ForkList {
  forks: { id: string; created_at: string; expires_at: string; request: Record<string, unknown> }[];
  /** Fetches the next page; empty on the last. */
  next_cursor: string;
}

/** A new idempotency key: a random UUID without its dashes. */
export declare function newIdempotencyKey(): string;

/** Retry-After in seconds (delta-seconds or HTTP date); null when absent or unreadable. */
export declare function parseRetryAfter(value: string | null | undefined): number | null;

export default Client;
