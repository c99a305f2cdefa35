// Package apikey makes and checks Marketing Fork API keys.
//
// A key reads "mfk_" + 43 base62 characters (32 random bytes) + "_" + a
// 6-character base62 CRC-32 of those 43 characters, for example
//
//	mfk_3kXq…Zp_0bT4Qa
//
// The checksum lets a server reject a mistyped or made-up key without a
// store query, and the prefix lets secret scanners recognise a leaked key.
// Only the key's SHA-256 hash is ever stored.
package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"math/big"
	"strings"
	"time"

	"github.com/marketingfork/fork/store"
)

const (
	// Prefix starts every key, so a leaked key is recognisable.
	Prefix = "mfk_"
	// randomBytes is the entropy of a key: 256 bits.
	randomBytes = 32
	// randomLen is the base62 length of randomBytes: ceil(256 / log2 62).
	randomLen = 43
	// sumLen is the base62 length of a CRC-32: 62^6 > 2^32.
	sumLen = 6
	// Len is the length of every key.
	Len = len(Prefix) + randomLen + 1 + sumLen
	// displayLen is how much of a key is kept as store.Key.Prefix: enough
	// to tell keys apart in a listing, far too little to guess the rest.
	displayLen = 12
	// idHexLen is how many hex digits of the hash make the public key ID.
	idHexLen = 12
)

// alphabet is big.Int's digit order for base 62, so a key's random part
// and its checksum are written the same way.
const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// New makes a key from crypto/rand and the record to store for it. The key
// itself must be shown to its owner once and then forgotten: the record
// holds only its hash.
func New() (key string, rec store.Key, err error) {
	b := make([]byte, randomBytes)
	if _, err := rand.Read(b); err != nil {
		return "", store.Key{}, fmt.Errorf("apikey: read random bytes: %w", err)
	}
	random := encode(new(big.Int).SetBytes(b), randomLen)
	key = Prefix + random + "_" + checksum(random)
	h := Hash(key)
	rec = store.Key{
		ID:        id(h),
		Hash:      h,
		Prefix:    key[:displayLen],
		CreatedAt: time.Now().UTC(),
	}
	return key, rec, nil
}

// Valid reports whether key has the form of a key and a correct checksum.
// It says nothing about whether the key was issued or is still valid; only
// the store knows that.
func Valid(key string) bool {
	if len(key) != Len || !strings.HasPrefix(key, Prefix) {
		return false
	}
	random := key[len(Prefix) : len(Prefix)+randomLen]
	sep := key[len(Prefix)+randomLen]
	sum := key[len(Prefix)+randomLen+1:]
	if sep != '_' || !base62(random) || !base62(sum) {
		return false
	}
	// The checksum is not a secret, so a plain comparison leaks nothing.
	return sum == checksum(random)
}

// Hash returns the SHA-256 of key: what the store keeps and looks keys up
// by. Compare two hashes with crypto/subtle.ConstantTimeCompare.
func Hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// id returns the public identifier of the key with the given hash: "key_"
// and the first 12 hex digits of the hash. It names a key in logs and
// listings without revealing it.
func id(hash []byte) string {
	return "key_" + hex.EncodeToString(hash)[:idHexLen]
}

// checksum is the base62 CRC-32 (IEEE) of a key's random part.
func checksum(random string) string {
	return encode(new(big.Int).SetUint64(uint64(crc32.ChecksumIEEE([]byte(random)))), sumLen)
}

// encode writes n in base 62, left-padded with zeros to width, so every key
// has the same length whatever its random value.
func encode(n *big.Int, width int) string {
	s := n.Text(62)
	if len(s) < width {
		s = strings.Repeat("0", width-len(s)) + s
	}
	return s
}

func base62(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}
