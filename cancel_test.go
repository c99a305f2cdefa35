package fork_test

import (
	"context"
	"errors"
	"math/rand"
	"slices"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// cancellingFetcher serves a page and cancels the fork's context as it
// hands it over: the client left while the page downloaded.
type cancellingFetcher struct {
	html   string
	cancel context.CancelFunc
}

func (c cancellingFetcher) Fetch(context.Context, string) (*fork.Page, error) {
	defer c.cancel()
	return &fork.Page{URL: "https://example.com/", HTML: []byte(c.html), ContentType: "text/html"}, nil
}

// spyProvider wraps the built-in engine, counts its drafts and may cancel
// the fork's context when it has written one.
type spyProvider struct {
	calls  atomic.Int32
	cancel context.CancelFunc
}

func (s *spyProvider) Info() fork.ProviderInfo { return rules.New().Info() }

func (s *spyProvider) Rewrite(ctx context.Context, p *fork.Plan) (*fork.Draft, error) {
	s.calls.Add(1)
	d, err := rules.New().Rewrite(ctx, p)
	if s.cancel != nil {
		s.cancel()
	}
	return d, err
}

// TestForkStopsWhenTheClientLeaves: a fork whose context ends stops at the
// next stage, or the next block inside one, and says why; no later stage
// runs for a client that is gone.
func TestForkStopsWhenTheClientLeaves(t *testing.T) {
	page := readPage(t, "tidyflow-en.html")

	t.Run("during the fetch", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		spy := &spyProvider{}
		f := fork.New(fork.WithProvider(spy), fork.WithFetcher(cancellingFetcher{page, cancel}))
		_, err := f.Fork(ctx, fork.Request{URL: "https://example.com/"})
		if !errors.Is(err, context.Canceled) || spy.calls.Load() != 0 {
			t.Errorf("err %v, %d drafts; want context.Canceled before any draft", err, spy.calls.Load())
		}
	})

	t.Run("during the draft", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		spy := &spyProvider{cancel: cancel}
		res, err := fork.New(fork.WithProvider(spy)).Fork(ctx, fork.Request{HTML: page, Profile: "skeptic"})
		if !errors.Is(err, context.Canceled) || res != nil || spy.calls.Load() != 1 {
			t.Errorf("result %v, err %v, %d drafts; want context.Canceled after one draft, no verification", res != nil, err, spy.calls.Load())
		}
	})

	t.Run("verify", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := fork.New().Verify(ctx, fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: fork.Draft{Blocks: []fork.DraftBlock{{ID: 0, Text: "x"}}}})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err %v; want context.Canceled", err)
		}
	})
}

// BenchmarkCancel measures what a fork costs after its client leaves: the
// largest page a fork reads (random bytes, just under the copy bound) is
// cancelled at points spread over its stages, and the wall time and the
// process's CPU from the cancel to Fork's return are reported (medians
// over the points; the target is under 100 ms of each).
func BenchmarkCancel(b *testing.B) {
	buf := make([]byte, 120_000)
	rand.New(rand.NewSource(2)).Read(buf)
	page := string(buf)
	f := fork.New(fork.WithProvider(rules.New()))
	points := []time.Duration{20 * time.Millisecond, 80 * time.Millisecond, 160 * time.Millisecond, 240 * time.Millisecond, 320 * time.Millisecond, 400 * time.Millisecond}
	var walls, cpus []float64
	for b.Loop() {
		for _, at := range points {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				_, _ = f.Fork(ctx, fork.Request{HTML: page})
				close(done)
			}()
			time.Sleep(at)
			cpu0 := cpuTime(b)
			t0 := time.Now()
			cancel()
			<-done
			walls = append(walls, float64(time.Since(t0).Microseconds())/1000)
			cpus = append(cpus, float64((cpuTime(b)-cpu0).Microseconds())/1000)
		}
	}
	b.ReportMetric(medianOf(walls), "ms-after-cancel")
	b.ReportMetric(medianOf(cpus), "cpu-ms-after-cancel")
	b.ReportMetric(maxOf(walls), "max-ms-after-cancel")
}

// cpuTime is the CPU the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func medianOf(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func maxOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	return slices.Max(xs)
}
