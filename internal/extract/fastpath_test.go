package extract

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzReadAll holds readAll, which sizes its buffer from a reader that
// tells its length, to io.ReadAll on any bytes, through a bytes.Reader, a
// strings.Reader, a reader read partly before, and a reader that tells no
// length.
func FuzzReadAll(f *testing.F) {
	for _, s := range []string{"", "<p>x</p>", strings.Repeat("<div>page</div>", 100), "\xff\x00"} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, skip uint8) {
		for name, r := range map[string]func() io.Reader{
			"bytes":   func() io.Reader { return bytes.NewReader(b) },
			"strings": func() io.Reader { return strings.NewReader(string(b)) },
			"partly": func() io.Reader {
				r := bytes.NewReader(b)
				io.CopyN(io.Discard, r, int64(skip))
				return r
			},
			"one byte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
		} {
			got, err := readAll(r())
			want, werr := io.ReadAll(r())
			if !bytes.Equal(got, want) || (err == nil) != (werr == nil) {
				t.Fatalf("%s: readAll = %q, %v; io.ReadAll %q, %v", name, got, err, want, werr)
			}
		}
	})
}
