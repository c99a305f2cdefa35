"use strict";
// The marketer's screen: fork a page, read it beside its source, and take
// it to an A/B testing tool. It calls the API beside it (relative URLs, so
// a server mounted under a prefix works) and keeps the API key in this
// browser only. A link may carry the form's state in its query
// (?sandbox=1&profile=skeptic&layer=plain&run=1) and a key in its fragment
// (#key=…, never sent to a server), which is moved into storage at once.
(function () {
  const $ = (id) => document.getElementById(id);
  const api = (path) => new URL(path, document.baseURI).toString();
  const state = { fork: null, exportFormat: "" };

  function key() { return $("key").value.trim(); }
  function headers(extra) {
    const h = Object.assign({}, extra || {});
    if ($("sandbox").checked) h["X-Sandbox"] = "true";
    else if (key()) h["Authorization"] = "Bearer " + key();
    return h;
  }
  function say(text, error) {
    $("status").textContent = text;
    $("status").className = error ? "error" : "";
  }
  async function call(method, path, body, accept) {
    const init = { method, headers: headers(body ? { "Content-Type": "application/json" } : {}) };
    if (accept) init.headers["Accept"] = accept;
    if (body) init.body = JSON.stringify(body);
    const res = await fetch(api(path), init);
    const text = await res.text();
    let data = text;
    if ((res.headers.get("content-type") || "").includes("json")) {
      try { data = JSON.parse(text); } catch (e) { /* keep the text */ }
    }
    if (!res.ok) {
      let msg = res.status + " " + res.statusText;
      if (data && typeof data === "object") {
        if (Array.isArray(data.detail)) msg = data.detail.map((d) => (d.loc || []).slice(1).join(".") + ": " + d.msg).join("; ");
        else if (data.detail) msg = data.detail;
      }
      throw new Error(msg);
    }
    return data;
  }
  function option(select, value, text) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    select.appendChild(o);
  }
  function cell(row, cls, text) {
    const td = document.createElement("td");
    td.className = cls;
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function showFork(res) {
    state.fork = res;
    const sum = $("summary");
    sum.textContent = "";
    const failed = (res.checks || []).filter((c) => c.status === "failed");
    const p = document.createElement("p");
    p.textContent = (res.passed ? "Passed every check that ran" : "Failed " + failed.length + " checks") +
      " (" + res.checks_run + " checks ran" + (res.fallbacks ? ", " + res.fallbacks + " blocks kept their source" : "") + "). " +
      "Profile " + res.target.profile + ", layer " + res.target.language_layer + ", " + res.target.target_language + ".";
    sum.appendChild(p);
    if (res.experiment && res.experiment.hypothesis) {
      const h = document.createElement("p");
      h.textContent = "Hypothesis: " + res.experiment.hypothesis;
      sum.appendChild(h);
    }
    if (failed.length) {
      const ul = document.createElement("ul");
      ul.className = "checks";
      for (const c of failed) {
        const li = document.createElement("li");
        li.textContent = c.name + ": " + c.details;
        ul.appendChild(li);
      }
      sum.appendChild(ul);
    }
    for (const n of res.notes || []) {
      const q = document.createElement("p");
      q.textContent = "Note: " + n;
      sum.appendChild(q);
    }
    const body = $("blocks").tBodies[0];
    body.textContent = "";
    for (const b of res.blocks || []) {
      const tr = document.createElement("tr");
      tr.dataset.block = b.id;
      if (b.text !== b.source) tr.className = "changed";
      cell(tr, "role", b.role);
      cell(tr, "source", b.source);
      const f = cell(tr, "fork", b.text);
      if (b.text !== b.source || b.fallback) {
        const why = document.createElement("span");
        why.className = "rationale" + (b.fallback ? " fallback" : "");
        why.textContent = b.fallback ? "Kept its source: " + b.fallback : (b.rationale || "");
        if (why.textContent) f.appendChild(why);
      }
      body.appendChild(tr);
    }
    $("result").classList.remove("hidden");
    $("export").classList.toggle("hidden", !res.id);
    $("exported").textContent = "";
    $("exported").value = "";
  }

  async function loadForks() {
    if ($("sandbox").checked || !key()) { $("kept").classList.add("hidden"); return; }
    try {
      const list = await call("GET", "v1/forks?limit=20");
      const ul = $("forks");
      ul.textContent = "";
      for (const f of list.forks || []) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = "#";
        a.dataset.id = f.id;
        a.textContent = (f.request.url || "pasted HTML") + " · " + (f.request.profile || "enthusiast") + " · " + (f.request.language_layer || "everyday");
        a.addEventListener("click", async (ev) => {
          ev.preventDefault();
          try { showFork(await call("GET", "v1/forks/" + encodeURIComponent(f.id))); say("Loaded " + f.id + "."); } catch (e) { say(e.message, true); }
        });
        li.appendChild(a);
        li.appendChild(document.createTextNode(" (" + f.id + ", kept until " + String(f.expires_at).slice(0, 10) + ")"));
        ul.appendChild(li);
      }
      $("kept").classList.toggle("hidden", !(list.forks || []).length);
    } catch (e) {
      say(e.message, true);
    }
  }

  async function exportAs(format) {
    if (!state.fork || !state.fork.id) return;
    try {
      const out = await call("GET", "v1/forks/" + encodeURIComponent(state.fork.id) + "/export?format=" + encodeURIComponent(format));
      const text = typeof out === "string" ? out : JSON.stringify(out, null, 2);
      $("exported").textContent = text; // the default value: kept when the page is saved
      $("exported").value = text;
      state.exportFormat = format;
      say("Exported " + state.fork.id + " for " + format + ": copy it into the tool.");
    } catch (e) {
      say(e.message, true);
    }
  }

  async function runFork(ev) {
    if (ev) ev.preventDefault();
    const body = { profile: $("profile").value, language_layer: $("layer").value };
    if ($("url").value.trim()) body.url = $("url").value.trim();
    if ($("to").value.trim()) body.target_language = $("to").value.trim();
    if (!$("sandbox").checked && !key()) { say("Paste your API key, or tick Sandbox to try the sample page.", true); return; }
    $("run").disabled = true;
    say("Forking…");
    try {
      const res = await call("POST", "v1/fork", body);
      showFork(res);
      say(res.sandbox ? "Sandbox: the sample page, forked. Nothing was kept." : "Forked and kept as " + res.id + ".");
      await loadForks();
    } catch (e) {
      say(e.message, true);
    } finally {
      $("run").disabled = false;
    }
  }

  async function init() {
    const params = new URLSearchParams(location.search);
    const frag = new URLSearchParams(location.hash.slice(1));
    if (frag.get("key")) {
      localStorage.setItem("mfork-key", frag.get("key"));
      history.replaceState(null, "", location.pathname + location.search);
    }
    $("key").value = localStorage.getItem("mfork-key") || "";
    $("key").addEventListener("change", () => { localStorage.setItem("mfork-key", key()); loadForks(); });
    $("sandbox").checked = params.get("sandbox") === "1" || (!key() && params.get("sandbox") !== "0");
    $("sandbox").addEventListener("change", loadForks);
    const catalog = await call("GET", "v1/profiles");
    for (const p of catalog.profiles) option($("profile"), p.name, p.title + " — " + p.description);
    for (const l of catalog.layers) option($("layer"), l.name, l.title);
    for (const [id, name] of [["url", "url"], ["profile", "profile"], ["layer", "layer"], ["to", "to"]]) {
      if (params.get(name)) $(id).value = params.get(name);
    }
    $("forkform").addEventListener("submit", runFork);
    for (const b of document.querySelectorAll("[data-format]")) b.addEventListener("click", () => exportAs(b.dataset.format));
    $("copy").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText($("exported").value); say("Copied."); } catch (e) { $("exported").select(); say("Select the text and copy it (the browser refused the clipboard).", true); }
    });
    $("openpage").addEventListener("click", async () => {
      try {
        const html = await call("GET", "v1/forks/" + encodeURIComponent(state.fork.id) + "/page", null, "text/html");
        // The page is someone else's: it opens with its scripts, plugins
        // and forms switched off, since a blob: page shares this origin.
        const policy = '<meta http-equiv="Content-Security-Policy" content="script-src \'none\'; object-src \'none\'; form-action \'none\'">';
        const safe = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => m + policy) : policy + html;
        window.open(URL.createObjectURL(new Blob([safe], { type: "text/html" })), "_blank", "noopener");
      } catch (e) { say(e.message, true); }
    });
    await loadForks();
    if (params.get("run") === "1") {
      await runFork();
      if (params.get("export")) await exportAs(params.get("export"));
    }
  }
  init().catch((e) => say(e.message, true));
})();
