// Calls every tool of a running mfork server's MCP endpoint with the
// official MCP TypeScript SDK, in sandbox mode (no key). Usage:
//   node check.mjs http://127.0.0.1:8080
// Exits non-zero when a call fails; prints "N passed, M failed".
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const base = process.argv[2];
if (!base) {
  console.error("usage: node check.mjs BASE_URL");
  process.exit(2);
}

const transport = new StreamableHTTPClientTransport(new URL(base + "/mcp"), {
  requestInit: { headers: { "X-Sandbox": "true" } },
});
const client = new Client({ name: "marketing-fork-interop", version: "1.0.0" });

let passed = 0;
let failed = 0;
function check(name, ok, detail) {
  if (ok) {
    passed++;
    console.log(`ok   ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}: ${detail}`);
  }
}

try {
  await client.connect(transport);
  const info = client.getServerVersion();
  check("initialize", info && info.name === "marketing-fork", JSON.stringify(info));

  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  const want = ["export_fork", "extract_copy", "fork_copy", "list_profiles", "plan_fork", "verify_fork"];
  check("tools/list", JSON.stringify(names) === JSON.stringify(want), JSON.stringify(names));
  for (const t of tools) {
    check(`schema ${t.name}`, t.inputSchema && t.inputSchema.type === "object" && t.outputSchema, JSON.stringify(t.inputSchema));
  }

  const calls = [
    ["list_profiles", {}],
    ["extract_copy", { sandbox: true }],
    ["plan_fork", { sandbox: true, profile: "skeptic", language_layer: "plain" }],
    ["fork_copy", { sandbox: true, profile: "parent" }],
  ];
  let extracted;
  for (const [name, args] of calls) {
    const res = await client.callTool({ name, arguments: args });
    check(`call ${name}`, !res.isError && res.structuredContent, JSON.stringify(res.content).slice(0, 300));
    if (name === "extract_copy") extracted = res.structuredContent;
  }
  // verify the source against itself: an unchanged fork keeps every fact.
  const blocks = (extracted?.blocks ?? []).map((b) => ({ id: b.id, text: b.text }));
  const res = await client.callTool({ name: "verify_fork", arguments: { sandbox: true, fork: { blocks } } });
  check("call verify_fork", !res.isError && res.structuredContent && res.structuredContent.checks, JSON.stringify(res.content).slice(0, 300));

  const bad = await client.callTool({ name: "fork_copy", arguments: { sandbox: true, profile: "astronaut" } });
  check("bad input is an isError result", bad.isError === true, JSON.stringify(bad.content).slice(0, 300));

  // export_fork reads a kept fork of the caller's key: an unknown id is a
  // tool error the model can read, not a protocol failure.
  const missing = await client.callTool({ name: "export_fork", arguments: { id: "fk_doesnotexist000000000000", format: "growthbook" } });
  check("export_fork of an unknown fork is an isError result", missing.isError === true, JSON.stringify(missing.content).slice(0, 300));

  const prompts = await client.listPrompts();
  check("prompts/list", prompts.prompts.some((p) => p.name === "fork_landing_page"), JSON.stringify(prompts));
  const resources = await client.listResources();
  check("resources/list", resources.resources.length >= 3, JSON.stringify(resources));
} catch (err) {
  check("session", false, err && err.stack ? err.stack : String(err));
} finally {
  await client.close().catch(() => {});
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
