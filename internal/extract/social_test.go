package extract

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSocialMetaBlocks reads the share preview's og: and twitter: titles
// and descriptions as attribute blocks and writes new text back into each
// one's content attribute, leaving the card type and the image alone.
func TestSocialMetaBlocks(t *testing.T) {
	d := mustParse(t, readTestdata(t, "pages/social-meta.html"))
	want := map[string]Role{
		"Quillbox notebooks: lie flat, write freely":                                 RoleTitle,
		"Stitched notebooks that open flat, from $18 with free returns for 30 days.": RoleMetaDescription,
		"Quillbox notebooks lie flat":                                                RoleTitle,
		"Open flat from the first page. From $18.":                                   RoleMetaDescription,
	}
	texts := map[int]string{}
	for _, b := range d.Blocks {
		if b.Tag != "meta" || b.Role == RoleMetaDescription && b.Text == "Quillbox notebooks lie flat on any desk. From $18." {
			continue
		}
		role, ok := want[b.Text]
		if !ok {
			t.Errorf("unexpected meta block %q (%s)", b.Text, b.Role)
			continue
		}
		if b.Role != role || !strings.HasSuffix(b.Path, "@content") {
			t.Errorf("block %q: role %s, path %s; want %s in @content", b.Text, b.Role, b.Path, role)
		}
		delete(want, b.Text)
		texts[b.ID] = "NEW " + b.Text
	}
	for text := range want {
		t.Errorf("no block for %q", text)
	}
	out := render(t, d, texts)
	doc, err := html.Parse(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "meta" {
			key := attrVal(n, "property") + attrVal(n, "name")
			got[key] = attrVal(n, "content")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for _, key := range []string{"og:title", "og:description", "twitter:title", "twitter:description"} {
		if !strings.HasPrefix(got[key], "NEW ") {
			t.Errorf("%s content %q; want the new text", key, got[key])
		}
	}
	if got["twitter:card"] != "summary" || got["og:image"] != "https://quillbox.example/cover.png" {
		t.Errorf("card %q, image %q; want them untouched", got["twitter:card"], got["og:image"])
	}
}
