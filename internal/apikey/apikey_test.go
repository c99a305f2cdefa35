package apikey

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"
)

func TestNewRoundTrip(t *testing.T) {
	before := time.Now().UTC().Add(-time.Second)
	key, rec, err := New()
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if got, want := len(key), Len; got != want {
		t.Errorf("len(key) = %d; want %d", got, want)
	}
	if !strings.HasPrefix(key, "mfk_") {
		t.Errorf("key %q; want prefix mfk_", key)
	}
	if !Valid(key) {
		t.Errorf("Valid(%q) = false; want true", key)
	}
	sum := sha256.Sum256([]byte(key))
	if got, want := Hash(key), sum[:]; !bytes.Equal(got, want) {
		t.Errorf("Hash = %x; want %x", got, want)
	}
	if got, want := rec.Hash, sum[:]; !bytes.Equal(got, want) {
		t.Errorf("rec.Hash = %x; want %x", got, want)
	}
	if got, want := rec.ID, "key_"+hex.EncodeToString(sum[:])[:12]; got != want {
		t.Errorf("rec.ID = %q; want %q", got, want)
	}
	if got, want := rec.Prefix, key[:12]; got != want {
		t.Errorf("rec.Prefix = %q; want %q", got, want)
	}
	if rec.CreatedAt.Before(before) || rec.CreatedAt.After(time.Now().Add(time.Second)) {
		t.Errorf("rec.CreatedAt = %v; want about now", rec.CreatedAt)
	}
	if !rec.RevokedAt.IsZero() || rec.Name != "" {
		t.Errorf("rec = %+v; want no name and not revoked", rec)
	}
}

func TestValidRejects(t *testing.T) {
	key, _, err := New()
	if err != nil {
		t.Fatal(err)
	}
	// flip replaces the character at i with another base62 character.
	flip := func(i int) string {
		b := []byte(key)
		if b[i] == 'a' {
			b[i] = 'b'
		} else {
			b[i] = 'a'
		}
		return string(b)
	}
	tests := []struct {
		name string
		key  string
	}{
		{"empty", ""},
		{"prefix only", "mfk_"},
		{"wrong prefix", "mfx_" + key[4:]},
		{"upper-case prefix", "MFK_" + key[4:]},
		{"no prefix", key[4:]},
		{"one short", key[:len(key)-1]},
		{"one long", key + "a"},
		{"flipped random char", flip(10)},
		{"flipped first random char", flip(4)},
		{"flipped last random char", flip(46)},
		{"flipped checksum char", flip(len(key) - 1)},
		{"separator replaced", key[:47] + "a" + key[48:]},
		{"non-base62 char", key[:20] + "-" + key[21:]},
		{"space inside", key[:20] + " " + key[21:]},
		{"bearer prefix kept", "Bearer " + key},
		{"trailing newline", key[:len(key)-1] + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := Valid(tt.key), false; got != want {
				t.Errorf("Valid(%q) = %v; want %v", tt.key, got, want)
			}
		})
	}
}

// TestFlipEveryPosition checks that a single mistyped character anywhere
// after the prefix is caught by the format or the checksum.
func TestFlipEveryPosition(t *testing.T) {
	key, _, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for i := len(Prefix); i < len(key); i++ {
		for _, c := range []byte{'0', 'z', 'Z', '_'} {
			if key[i] == c {
				continue
			}
			b := []byte(key)
			b[i] = c
			if Valid(string(b)) {
				t.Errorf("Valid(%q) with position %d changed to %q = true; want false", b, i, c)
			}
		}
	}
}

func TestUnique(t *testing.T) {
	const n = 1000
	keys := make(map[string]bool, n)
	ids := make(map[string]bool, n)
	for range n {
		key, rec, err := New()
		if err != nil {
			t.Fatal(err)
		}
		if !Valid(key) {
			t.Fatalf("Valid(%q) = false; want true", key)
		}
		if keys[key] || ids[rec.ID] {
			t.Fatalf("duplicate key or ID after %d keys: %q %q", len(keys), key, rec.ID)
		}
		keys[key], ids[rec.ID] = true, true
	}
}

func TestEncodePads(t *testing.T) {
	// A random part with leading zero bytes must still be 43 characters,
	// and a small CRC still 6.
	random := strings.Repeat("0", randomLen)
	if got, want := len(checksum(random)), sumLen; got != want {
		t.Errorf("len(checksum) = %d; want %d", got, want)
	}
	key := Prefix + random + "_" + checksum(random)
	if !Valid(key) {
		t.Errorf("Valid(%q) = false; want true for an all-zero random part", key)
	}
}

func FuzzValid(f *testing.F) {
	key, _, err := New()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(key)
	f.Add("")
	f.Add("mfk_")
	f.Add("mfk_" + strings.Repeat("z", randomLen) + "_zzzzzz")
	f.Add(strings.Repeat("\xff", Len))
	f.Fuzz(func(t *testing.T, s string) {
		ok := Valid(s)
		if ok && (len(s) != Len || !strings.HasPrefix(s, Prefix)) {
			t.Errorf("Valid(%q) = true for a key of the wrong shape", s)
		}
		_ = Hash(s)
	})
}
