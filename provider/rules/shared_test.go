package rules

import "sync"

// testProvider is the one provider the package's tests share: New compiles
// every word table's patterns (about 90 ms, ten times that under the race
// detector), and a provider is read-only once built, so a fork may share it.
var testProvider = sync.OnceValue(New)
