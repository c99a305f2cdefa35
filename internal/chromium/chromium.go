// Package chromium finds the headless Chromium that the tests of things a
// person looks at drive, and where they keep their screenshots.
package chromium

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Bin returns the path of Debian's chromium (or a Chrome by another
// name). Where none is installed the test is skipped, unless
// MFORK_REQUIRE_CHROMIUM=1 (as CI sets, after installing it) makes that
// a failure.
func Bin(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("MFORK_REQUIRE_CHROMIUM") == "1" {
		t.Fatal("MFORK_REQUIRE_CHROMIUM=1 but no chromium on PATH (apt-get install chromium)")
	}
	t.Skip("no chromium on PATH; CI installs it")
	return ""
}

// Artefacts returns the folder for a test's screenshots: name under
// MFORK_ARTEFACTS when set (CI keeps that folder), a temporary folder
// otherwise.
func Artefacts(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	if root := os.Getenv("MFORK_ARTEFACTS"); root != "" {
		dir = filepath.Join(root, name)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
