// Applies an export to the page it is loaded in, the way each tool's own
// code does, then reports the text of every block back to the test.
// The test serves /run.json: {format, payload, checks: [{selector, attribute}]}.
import mutate from '/dom-mutator.js';

const fold = (s) => (s || '').replace(/\s+/g, ' ').trim();

// growthbook: GrowthBook's own library, with the changeset's domMutations.
function growthbook(payload) {
  for (const vc of payload.visualChangeset.visualChanges) {
    for (const m of vc.domMutations) mutate.declarative(m);
  }
}

// posthog: what posthog-js's WebExperiments.applyTransforms does with each
// transform's documented fields.
function posthog(payload) {
  for (const t of payload.variants.test.transforms) {
    document.querySelectorAll(t.selector).forEach((el) => {
      (t.attributes || []).forEach((a) => {
        switch (a.name) {
          case 'text': el.innerText = a.value; break;
          case 'html': el.innerHTML = a.value; break;
          case 'cssClass': el.className = a.value; break;
          default: el.setAttribute(a.name, a.value);
        }
      });
      if (t.text) el.innerText = t.text;
      if (t.html) {
        if (el.parentElement) el.parentElement.innerHTML = t.html; else el.innerHTML = t.html;
      }
      if (t.css) el.setAttribute('style', t.css);
    });
  }
}

// patch: resolve every selector on the unchanged page, set the contents,
// then put the sections in their new order (the k-th listed takes the
// page's k-th section's place).
function patch(payload) {
  const v = payload.variants[0];
  const one = (sel) => {
    const els = document.querySelectorAll(sel);
    if (els.length !== 1) throw new Error(sel + ' matches ' + els.length + ' elements');
    return els[0];
  };
  const changes = v.changes.map((c) => [one(c.selector), c]);
  let moves = null;
  if (v.moves) moves = { container: one(v.moves.container), order: v.moves.order.map(one) };
  for (const [el, c] of changes) {
    if (c.attribute) el.setAttribute(c.attribute, c.value); else el.innerHTML = c.html;
  }
  if (moves) {
    const slots = [...moves.order].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const marks = slots.map((s) => { const m = document.createComment('slot'); s.before(m); return m; });
    moves.order.forEach((s, k) => marks[k].replaceWith(s));
  }
}

async function main() {
  const run = await (await fetch('/run.json')).json();
  let error = '';
  try {
    ({ growthbook, posthog, patch, none: () => {} })[run.format](run.payload);
  } catch (e) {
    error = String(e && e.stack || e);
  }
  // dom-mutator writes on the next animation frame at the latest.
  await new Promise((r) => setTimeout(r, 100));
  const texts = run.checks.map((c) => {
    const els = document.querySelectorAll(c.selector);
    if (els.length !== 1) return '<' + els.length + ' elements match ' + c.selector + '>';
    return c.attribute ? fold(els[0].getAttribute(c.attribute)) : fold(els[0].innerText);
  });
  await fetch('/result', { method: 'POST', body: JSON.stringify({ error, texts }) });
}
main();
