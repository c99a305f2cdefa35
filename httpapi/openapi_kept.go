package httpapi

// keptDoc is what the kept forks' operations share in the OpenAPI
// document.
type keptDoc struct {
	fork, list, drift map[string]any // schemas
	errResp           func(string, ...string) map[string]any
	invalid, internal map[string]any
	unavailable       map[string]any
}

// keptPaths documents the kept forks' routes.
func keptPaths(d keptDoc) map[string]any {
	keyParams := []any{
		headerParam("authorization", "The API key that made the fork, as \"Bearer <API_KEY>\"."),
		headerParam("x-api-key", "The API key, as an alternative to Authorization."),
	}
	idParam := map[string]any{"name": "id", "in": "path", "required": true,
		"description": "The fork's id, as POST /v1/fork answered it.", "schema": map[string]any{"type": "string", "title": "Id"}}
	security := []any{map[string]any{"bearerAuth": []any{}}, map[string]any{"apiKeyHeader": []any{}}}
	op := func(id, summary, desc string, params []any, responses map[string]any) map[string]any {
		responses["401"] = d.errResp("No API key, or one that is not valid or has been revoked", "WWW-Authenticate")
		responses["422"] = d.invalid
		responses["500"] = d.internal
		responses["503"] = d.unavailable
		return map[string]any{"summary": summary, "operationId": id, "tags": []any{"forks"}, "description": desc,
			"parameters": params, "security": security, "responses": responses}
	}
	withID := append([]any{idParam}, keyParams...)
	notFound := d.errResp("No fork with this id for this key: never made with it, deleted, or expired (not_found)")
	html := func(desc string) map[string]any {
		return map[string]any{"description": desc, "content": map[string]any{"text/html": map[string]any{"schema": map[string]any{"type": "string"}}}}
	}
	formatParam := map[string]any{"name": "format", "in": "query", "required": true,
		"description": "The A/B testing tool's format.",
		"schema":      map[string]any{"type": "string", "enum": []any{"growthbook", "optimizely", "posthog", "unbounce", "patch"}, "title": "Format"}}
	return map[string]any{
		"/v1/forks": map[string]any{"get": op("list_forks", "List the key's kept forks",
			"The forks made with this key and not expired, newest first, a page at a time: pass next_cursor as cursor for the next page (empty on the last).",
			append([]any{
				map[string]any{"name": "cursor", "in": "query", "required": false, "description": "next_cursor of the previous page.", "schema": map[string]any{"type": "string", "title": "Cursor"}},
				map[string]any{"name": "limit", "in": "query", "required": false, "description": "Forks per page, 1 to 100.", "schema": map[string]any{"type": "integer", "minimum": 1, "maximum": maxListLimit, "default": defaultListLimit, "title": "Limit"}},
			}, keyParams...),
			map[string]any{
				"200": jsonResponse("A page of forks", d.list),
				"400": d.errResp("The cursor is not one this server gave (invalid_cursor)"),
			})},
		"/v1/forks/{id}": map[string]any{
			"get": op("get_fork", "A kept fork", "The fork as POST /v1/fork answered it.", withID,
				map[string]any{"200": jsonResponse("The fork", d.fork), "404": notFound}),
			"delete": op("delete_fork", "Delete a kept fork", "Deletes the fork now rather than when it expires.", withID,
				map[string]any{"204": map[string]any{"description": "Deleted"}, "404": notFound}),
		},
		"/v1/forks/{id}/page": map[string]any{"get": op("fork_page", "The forked page as HTML",
			"The forked page, for a split-URL test or a look: the fork's HTML with a <base href> to the source page so its CSS, images and links work, "+
				"served under a Content-Security-Policy that runs no script (script-src 'none', sandbox) and with nothing else added.",
			withID, map[string]any{"200": html("The forked page"), "404": notFound})},
		"/v1/forks/{id}/export": map[string]any{"get": op("export_fork", "Export a kept fork for an A/B testing tool",
			"The fork in a tool's format, located on the page as it was forked: GrowthBook (experiment and visual changeset with domMutations), "+
				"Optimizely Web (actions[].changes[]), PostHog (web experiment transforms), Unbounce (the page whole, HTML) or patch ({selector, html} and moves). "+
				"Every change carries the SHA-256 of its source block for a loader's drift check.",
			append([]any{idParam, formatParam}, keyParams...),
			map[string]any{
				"200": map[string]any{"description": "The export: JSON, or HTML for unbounce", "content": map[string]any{
					"application/json": map[string]any{"schema": map[string]any{"type": "object"}},
					"text/html":        map[string]any{"schema": map[string]any{"type": "string"}},
				}},
				"404": notFound,
				"409": d.errResp("The fork was kept without its source page, so its selectors cannot be located (source_not_kept); or it changes no copy and moves no section, so a test of it would be an A/A test (no_variant)"),
			})},
		"/v1/forks/{id}/drift": map[string]any{"get": op("fork_drift", "Check a kept fork's page for drift",
			"Fetches the source page again and lists the blocks whose text is no longer what the fork was made from: a variant of a page that has moved on must not be served.",
			withID, map[string]any{
				"200": jsonResponse("The blocks that changed; drifted is false when none did", d.drift),
				"404": notFound,
				"409": d.errResp("The fork was made from inline HTML without a url (no_source_url)"),
				"502": d.errResp("The page could not be fetched"),
				"504": d.errResp("The page took longer than the fetch deadline"),
			})},
	}
}
