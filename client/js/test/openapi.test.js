// The client's types against the server's OpenAPI document: every field an
// interface in src/index.d.ts declares must be a property of the schema it
// stands for, so a field renamed on the server fails here rather than in a
// user's program, and ForkRequest must carry every field the server
// accepts. The document is httpapi/openapi.json, which the server serves
// byte for byte (its drift test keeps the file and the code together).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const doc = JSON.parse(await readFile(path.resolve(here, "../../../httpapi/openapi.json"), "utf8"));
const dts = await readFile(path.resolve(here, "../src/index.d.ts"), "utf8");

// Interface → [schema, fields the client adds or takes itself].
const MODELS = {
  ForkRequest: ["ForkRequest", ["idempotencyKey"]],
  ForkedBlock: ["ForkedBlock", []],
  LedgerEntry: ["LedgerEntry", []],
  Fact: ["Fact", []],
  Check: ["Check", []],
  Change: ["Change", []],
  Experiment: ["Experiment", []],
  ForkResult: ["ForkResponse", ["replayed"]],
  ProfileInfo: ["Profile", []],
  LayerInfo: ["Layer", []],
  Profiles: ["ProfileList", []],
  Health: ["Health", []],
  ForkCounts: ["ForkCounts", []],
  EndpointCount: ["EndpointCount", []],
  MetricsReport: ["MetricsReport", []],
  KeyIssued: ["KeyIssued", []],
  ForkList: ["ForkList", []],
};
// Interfaces that describe the client, not a body.
const CLIENT_ONLY = new Set(["ClientOptions", "AskOptions", "AskAnswer", "ValidationErrorItem", "ErrorFields"]);

/** The declared fields of each exported interface, from its top-level lines. */
function interfaces(source) {
  const out = {};
  const re = /export interface (\w+) \{\n([\s\S]*?)\n\}/g;
  for (const m of source.matchAll(re)) {
    const fields = [];
    for (const line of m[2].split("\n")) {
      const f = /^ {2}(\w+)\??:/.exec(line);
      if (f) fields.push(f[1]);
    }
    out[m[1]] = fields;
  }
  return out;
}

/** A schema's property names, following $ref and allOf. */
function properties(name) {
  const seen = new Set();
  const walk = (s) => {
    if (s.$ref) walk(doc.components.schemas[s.$ref.split("/").pop()]);
    for (const part of s.allOf || []) walk(part);
    for (const k of Object.keys(s.properties || {})) seen.add(k);
  };
  const schema = doc.components.schemas[name];
  assert.ok(schema, `/openapi.json has no schema ${name}`);
  walk(schema);
  return seen;
}

const declared = interfaces(dts);

test("every interface is checked or marked as the client's own", () => {
  for (const name of Object.keys(declared)) {
    assert.ok(name in MODELS || CLIENT_ONLY.has(name), `interface ${name} is not mapped to an OpenAPI schema in this test`);
  }
});

for (const [iface, [schema, own]] of Object.entries(MODELS)) {
  test(`${iface} names only fields of ${schema}`, () => {
    const fields = declared[iface];
    assert.ok(fields && fields.length > 0, `index.d.ts declares no interface ${iface}`);
    const props = properties(schema);
    const missing = fields.filter((f) => !own.includes(f) && !props.has(f));
    assert.deepEqual(missing, [], `${iface} declares ${missing.join(", ")}, which /openapi.json's ${schema} does not have`);
  });
}

test("ForkRequest carries every field the server accepts", () => {
  const fields = new Set(declared.ForkRequest);
  const missing = [...properties("ForkRequest")].filter((p) => !fields.has(p));
  assert.deepEqual(missing, [], `ForkRequest lacks ${missing.join(", ")}`);
});
