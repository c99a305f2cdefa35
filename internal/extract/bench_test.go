package extract

import (
	"bytes"
	"testing"
)

// BenchmarkParse parses every corpus page; the target is under 2 ms for a
// 30 KB page.
func BenchmarkParse(b *testing.B) {
	pages := corpusPages(b)
	for _, name := range sortedNames(pages) {
		page := pages[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				if _, err := Parse(bytes.NewReader(page)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRender writes every corpus page back with all blocks replaced.
func BenchmarkRender(b *testing.B) {
	pages := corpusPages(b)
	for _, name := range sortedNames(pages) {
		d := mustParse(b, pages[name])
		texts := rewriteAll(d)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := d.Render(&buf, texts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
