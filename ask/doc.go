// Package ask is Marketing Fork's NLWeb endpoint: a question in plain
// words ("fork https://example.com/pricing for skeptics in plain language
// for the UK", "which profiles are there?") answered in NLWeb's shape.
//
// # Requests
//
// GET or POST /ask with NLWeb's parameters: query (required), site, prev
// (earlier queries, a JSON array or a comma-separated list), mode or
// generate_mode (list, summarize or generate; list by default), streaming
// (true by default; 0 or false turns it off) and query_id (echoed; made
// when absent). A POST body may be a form, a flat JSON object with the
// same names, or NLWeb's newer nested shape:
//
//	{"query": {"text": "…", "site": "…"}, "context": {"prev": […]},
//	 "prefer": {"streaming": false, "mode": "summarize"}}
//
// # Answers
//
// Without streaming, one JSON object:
//
//	{"_meta": {"response_type": "Answer", "version": "…"}, "query_id": "…",
//	 "results": [{"url", "name", "site", "score", "description", "schema_object"}],
//	 "summary": {"message": "…"},                    // summarize mode
//	 "nlws": {"answer": "…", "items": […]}}          // generate mode
//
// With streaming, server-sent events, one JSON message per data line:
// api_version first, then result_batch, then summary (summarize mode) or
// nlws (generate mode), and complete last. Every message carries query_id.
//
// A fork's result has the page as its URL, the fork's headline as its
// name, a summary (checks passed, facts kept, what changed) as its
// description and the fork as a schema.org WebPage with the library's
// Result under "fork" as its schema object. What the library reports about
// a page or a request (a blocked address, an unknown page, a translation
// the provider cannot make) is an answer that says what went wrong and
// what to do, not an HTTP error. A fork needs an API key unless the
// request carries X-Sandbox: true; listings and help need none.
//
// # Grammar
//
// Parse is a deterministic parser over data tables; it needs no model.
//
//   - Web addresses: http and https URLs as typed; a bare domain with an
//     optional path (example.com/pricing) becomes https://example.com/pricing.
//     The first address wins.
//   - Explicit parameters: key=value or key:value with the keys url,
//     profile (audience, persona), layer (language_layer, tone), lang
//     (language, target, target_language, locale).
//   - Language tags with a region or script, such as de-CH or pt_BR.
//   - Phrases from the tables, longest first: profile names and their
//     synonyms ("doubters" → skeptic, "tech enthusiasts" → early-adopter),
//     layers ("plain English" → plain), languages ("in German" → de),
//     countries and their adjectives ("for the UK", "British" → GB,
//     "Swiss" → CH) and a few named variants ("Québécois" → fr-CA).
//     Ambiguous words ("green", "status", "business") count only after a
//     cue such as "for" or "in", or before a word such as "tone" or
//     "buyers"; "US" counts only in capitals.
//   - The target language is a tag if one was given, else the language
//     with the country ("in French for Canada" → fr-CA, "Swiss German" →
//     de-CH), else the language alone ("in German" → de), else English in
//     the country ("for Australia" → en-AU). On a page in another
//     language, the handler keeps the page's language in that country
//     when the provider cannot translate.
//   - The action: a web address means a fork; a catalog noun (profiles,
//     audiences, layers, tones) means a listing unless a fork verb comes
//     without a question word; a fork verb (fork, rewrite, make, …) or any
//     parameter means a fork; anything else gets help.
//   - Unknown: a word after a cue ("for", "in", "speak to", "profile")
//     that matched nothing and is not a common word is reported, with a
//     suggestion when it is close to a known word ("skeptcs").
//
// With prev, a fork query takes what it leaves open (the page, the
// profile, the layer, the language) from the latest earlier query that
// named it, and a site that is a web address stands in for a missing page.
package ask
