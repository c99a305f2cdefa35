package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// usage is printed for "mfork help" and for a command it does not know.
const usage = `mfork: fork landing-page copy for another audience, keeping the offer exactly.

Usage:
  mfork serve   [--addr 127.0.0.1:8080] [--db sqlite:PATH|postgres://…] [--base-url URL] [--allow-hosts H:P,…] [--allow-private] [--trust-proxy]
                [--log-format text|json] [--forks-per-minute 60] [--forks-per-day 1000] [--keys-per-hour 10] [--max-forks N]
                (each flag also an environment variable: MFORK_ADDR, MFORK_DB, MFORK_BASE_URL, …)
  mfork keys    create [--name LABEL] | list | revoke KEY_ID   [--db sqlite:PATH]
  mfork fork    [--profile P] [--layer L] [--from LANG] [--to LANG] [--format json|md|html]
                [--provider rules|openai] [--model M] [--openai-base-url URL]
                [--allow-private] [--allow-hosts H:P,…] [--timeout 10s] URL|FILE|-
  mfork plan    [--profile P] [--layer L] [--from LANG] [--to LANG] [--allow-private] [--allow-hosts H:P,…] URL|FILE|-
  mfork profiles [--format text|json]
  mfork extract [--format json|md] [--lang TAG] [--allow-private] [--allow-hosts H:P,…] [--timeout 10s] URL|FILE|-
  mfork verify  --source URL|FILE --fork FILE [--profile P] [--layer L] [--to LANG] [--format text|json]
                [--allow-private] [--allow-hosts H:P,…] [--timeout 10s]
  mfork render  --source URL|FILE --fork FILE [--profile P] [--layer L] [--to LANG] [--format html|md|json]
                [--allow-private] [--allow-hosts H:P,…] [--timeout 10s]
  mfork export  --source URL|FILE --fork RESULT.json --format growthbook|optimizely|posthog|unbounce|patch
                [--url URL] [--allow-private] [--allow-hosts H:P,…] [--timeout 10s]
  mfork help

serve runs the HTTP API (every route of the contract) on the embedded SQLite store.
fork rebuilds a page for a profile and layer (with the built-in provider, or an OpenAI-compatible
endpoint: --provider openai, OPENAI_API_KEY in the environment) and prints the result (exit 1 when the fork fails a check: it is printed, never hidden).
plan prints, as JSON, what a writer needs to fork the page itself: each block with its role, facts and
length budget, the locked facts, the profile's pattern and the layer's rules (then check the result with verify).
profiles lists the audience profiles and the language layers.
extract prints a page's copy blocks, its offer ledger and its analysis.
verify checks a fork written elsewhere (JSON blocks {"blocks":[{"id":0,"text":"…"}]}
or the forked page as HTML) and exits 1 when a check fails.
render verifies a draft the same way and, when it passes, prints the page to ship: the source with
the draft's text (--format md for its copy as Markdown, --format json for the fork as a result, what
fork --format json prints, for export); a failing draft gets its report on standard error and exit
code 1, and no page.
export writes a fork (what fork or render --format json prints; a JSON array of them for several variants) as an
A/B test: growthbook (experiment + visual changeset), optimizely (page, click goal, experiment),
posthog (web experiment), unbounce (the whole page, for create_variant_from_html) or patch (our own
{selector, html} list and section moves). Each changed element is named by a CSS selector on the
source page and carries a hash of its source text; a source that does not match the fork is exit 2.

Exit codes: 0 ok, 1 verification failed, 2 bad input or unreadable page.
`

// errUsage marks a command line mistake.
var errUsage = errors.New("usage")

// helpError carries a command's flag listing, asked for with -h or --help:
// printed on standard output with exit code 0.
type helpError struct{ text string }

func (e *helpError) Error() string { return "help requested" }

// errFailed marks a fork that failed verification: the report was printed.
var errFailed = errors.New("verification failed")

// maxInput caps what is read from a file or standard input, the same cap
// the fetcher puts on a page.
const maxInput = 5 << 20

func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: no command given", errUsage)
	}
	switch args[0] {
	case "extract":
		return cmdExtract(ctx, args[1:], stdin, stdout)
	case "verify":
		return cmdVerify(ctx, args[1:], stdin, stdout)
	case "render":
		return cmdRender(ctx, args[1:], stdin, stdout, stderr)
	case "fork":
		return cmdFork(ctx, args[1:], stdin, stdout)
	case "export":
		return cmdExport(ctx, args[1:], stdin, stdout)
	case "plan":
		return cmdPlan(ctx, args[1:], stdin, stdout)
	case "profiles":
		return cmdProfiles(args[1:], stdout)
	case "serve":
		return cmdServe(ctx, args[1:], stdout, stderr)
	case "keys":
		return cmdKeys(ctx, args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: unknown command %q", errUsage, args[0])
	}
}

// parseArgs parses flags wherever they stand, before or after the
// positional arguments, since people type both.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				var b strings.Builder
				fmt.Fprintf(&b, "mfork %s flags:\n", fs.Name())
				fs.SetOutput(&b)
				fs.PrintDefaults()
				return nil, &helpError{text: b.String()}
			}
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// source turns a command-line argument into a page source: an http(s) URL
// is fetched, "-" reads standard input, anything else is a file.
func source(arg string, stdin io.Reader) (fork.Source, error) {
	switch {
	case arg == "-":
		b, err := readCapped(stdin, "standard input")
		return fork.Source{HTML: string(b)}, err
	case strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://"):
		return fork.Source{URL: arg}, nil
	case strings.Contains(arg, "://"):
		return fork.Source{}, fmt.Errorf("%w: %q: only http and https URLs can be fetched", fork.ErrInvalidInput, arg)
	}
	f, err := os.Open(arg)
	if err != nil {
		return fork.Source{}, fmt.Errorf("%w: %v", fork.ErrInvalidInput, err)
	}
	defer f.Close()
	b, err := readCapped(f, arg)
	if err != nil {
		return fork.Source{}, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return fork.Source{}, fmt.Errorf("%w: %s is empty", fork.ErrNoCopy, arg)
	}
	return fork.Source{HTML: string(b)}, nil
}

func readCapped(r io.Reader, name string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("%w: read %s: %v", fork.ErrInvalidInput, name, err)
	}
	if len(b) > maxInput {
		return nil, fmt.Errorf("%w: %s is larger than 5 MB", fork.ErrTooLarge, name)
	}
	return b, nil
}

// fetchFlags are the flags every command that reads a page shares.
type fetchFlags struct {
	allowPrivate *bool
	allowHosts   *string
	timeout      *time.Duration
}

// maxTimeout bounds --timeout.
const maxTimeout = 2 * time.Minute

func addFetchFlags(fs *flag.FlagSet) fetchFlags {
	return fetchFlags{
		allowPrivate: fs.Bool("allow-private", false, "allow loopback and private addresses on any port (local use only; cloud metadata stays refused)"),
		allowHosts:   fs.String("allow-hosts", "", "comma-separated local page servers to allow, such as localhost:8000"),
		timeout:      fs.Duration("timeout", 10*time.Second, "total time to fetch a page"),
	}
}

func (ff fetchFlags) forker(opts ...fork.Option) (*fork.Forker, error) {
	if *ff.timeout <= 0 || *ff.timeout > maxTimeout {
		return nil, fmt.Errorf("%w: --timeout must be between 1ms and 2m", errUsage)
	}
	hosts, err := fork.ParseHostPorts(*ff.allowHosts)
	if err != nil {
		return nil, fmt.Errorf("%w: --allow-hosts: %v", errUsage, err)
	}
	return fork.New(append([]fork.Option{fork.WithAllowPrivate(*ff.allowPrivate), fork.WithAllowHosts(hosts...), fork.WithFetchTimeout(*ff.timeout)}, opts...)...), nil
}

func cmdExtract(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	format := fs.String("format", "json", "output format: json or md")
	ff := addFetchFlags(fs)
	lang := fs.String("lang", "", "BCP 47 hint for the page's language")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: extract takes one URL, file or - (got %d)", errUsage, len(pos))
	}
	if *format != "json" && *format != "md" {
		return fmt.Errorf("%w: --format must be json or md", errUsage)
	}
	src, err := source(pos[0], stdin)
	if err != nil {
		return err
	}
	src.Language = *lang
	f, err := ff.forker()
	if err != nil {
		return err
	}
	ex, err := f.Extract(ctx, src)
	if err != nil {
		return err
	}
	if *format == "md" {
		_, err = io.WriteString(stdout, ex.Markdown())
		return err
	}
	return writeJSON(stdout, ex)
}

func cmdVerify(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	f, vr, format, err := draftArgs("verify", args, stdin, []string{"text", "json"})
	if err != nil {
		return err
	}
	rep, err := f.Verify(ctx, vr)
	if err != nil {
		return err
	}
	if format == "json" {
		err = writeJSON(stdout, rep)
	} else {
		err = writeReport(stdout, rep)
	}
	if err != nil {
		return err
	}
	if !rep.Passed {
		return errFailed
	}
	return nil
}

// cmdRender writes the page a verified draft makes: the source with the
// draft's text, or (--format json) the fork as a result, the JSON mfork
// fork prints, which mfork export takes. A draft that fails a check gets
// no page: the report goes to standard error and the exit code is 1, so a
// failing fork is never shipped by accident.
func cmdRender(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f, vr, format, err := draftArgs("render", args, stdin, []string{"html", "md", "json"})
	if err != nil {
		return err
	}
	rep, err := f.Verify(ctx, vr)
	if err != nil {
		return err
	}
	if !rep.Passed || rep.Page == nil {
		if err := writeReport(stderr, rep); err != nil {
			return err
		}
		return errFailed
	}
	if format == "json" {
		res, err := f.Adopt(ctx, vr)
		if err != nil {
			return err
		}
		return writeJSON(stdout, res)
	}
	out := rep.Page.HTML
	if format == "md" {
		out = rep.Page.Markdown
	}
	_, err = io.WriteString(stdout, out)
	return err
}

// draftArgs reads the flags verify and render share: the forker they
// configure, the verify request and the chosen --format (the first of
// formats by default).
func draftArgs(name string, args []string, stdin io.Reader, formats []string) (*fork.Forker, fork.VerifyRequest, string, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	srcArg := fs.String("source", "", "the original page: URL or file")
	forkArg := fs.String("fork", "", "the fork: JSON blocks or HTML file (- for standard input)")
	profile := fs.String("profile", fork.DefaultProfile, "target profile")
	layer := fs.String("layer", fork.DefaultLayer, "target language layer")
	to := fs.String("to", "", "target language (default: the page's own)")
	format := fs.String("format", formats[0], "output format: "+strings.Join(formats, " or "))
	brand := addBrandFlags(fs)
	ff := addFetchFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, fork.VerifyRequest{}, "", err
	}
	if len(pos) > 0 || *srcArg == "" || *forkArg == "" {
		return nil, fork.VerifyRequest{}, "", fmt.Errorf("%w: %s needs --source URL|FILE and --fork FILE", errUsage, name)
	}
	if !slices.Contains(formats, *format) {
		return nil, fork.VerifyRequest{}, "", fmt.Errorf("%w: --format must be %s", errUsage, strings.Join(formats, " or "))
	}
	if *srcArg == "-" && *forkArg == "-" {
		return nil, fork.VerifyRequest{}, "", fmt.Errorf("%w: only one of --source and --fork can read standard input", errUsage)
	}
	src, err := source(*srcArg, stdin)
	if err != nil {
		return nil, fork.VerifyRequest{}, "", err
	}
	vr := fork.VerifyRequest{Source: src, Target: fork.Target{Profile: *profile, LanguageLayer: *layer, Language: *to, Brand: brand.value}}
	if err := readFork(*forkArg, stdin, &vr); err != nil {
		return nil, fork.VerifyRequest{}, "", err
	}
	f, err := ff.forker()
	if err != nil {
		return nil, fork.VerifyRequest{}, "", err
	}
	return f, vr, *format, nil
}

// readArg reads a file named on the command line, or standard input for
// "-", under the input cap.
func readArg(arg string, stdin io.Reader) ([]byte, error) {
	if arg == "-" {
		return readCapped(stdin, "standard input")
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", fork.ErrInvalidInput, err)
	}
	defer f.Close()
	return readCapped(f, arg)
}

// readFork reads a fork file: HTML when it starts with "<", else JSON as
// {"blocks":[…]} or a bare array of blocks.
func readFork(arg string, stdin io.Reader, vr *fork.VerifyRequest) error {
	b, err := readArg(arg, stdin)
	if err != nil {
		return err
	}
	trimmed := bytes.TrimSpace(b)
	switch {
	case len(trimmed) == 0:
		return fmt.Errorf("%w: the fork %s is empty", fork.ErrInvalidInput, arg)
	case trimmed[0] == '<':
		vr.ForkHTML = string(b)
	case trimmed[0] == '[':
		if err := json.Unmarshal(trimmed, &vr.Fork.Blocks); err != nil {
			return fmt.Errorf("%w: the fork %s is not valid JSON blocks: %v", fork.ErrInvalidInput, arg, err)
		}
	default:
		if err := json.Unmarshal(trimmed, &vr.Fork); err != nil {
			return fmt.Errorf("%w: the fork %s is neither HTML nor JSON blocks: %v", fork.ErrInvalidInput, arg, err)
		}
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func writeReport(w io.Writer, rep *fork.Report) error {
	var sb strings.Builder
	for _, c := range rep.Checks {
		mark := "PASS"
		switch c.Status {
		case fork.CheckFailed:
			mark = "FAIL"
		case fork.CheckSkipped:
			mark = "SKIP"
		}
		fmt.Fprintf(&sb, "%s  %-26s %s\n", mark, c.Name, c.Details)
	}
	verdict := fmt.Sprintf("fork passed every check that ran (%d ran", rep.ChecksRun)
	if !rep.Passed {
		verdict = fmt.Sprintf("fork failed verification (%d ran", rep.ChecksRun)
	}
	if n := len(rep.ChecksSkipped); n > 0 {
		verdict += fmt.Sprintf(", %d skipped: %s", n, strings.Join(rep.ChecksSkipped, ", "))
	}
	fmt.Fprintf(&sb, "%s)\n", verdict)
	_, err := io.WriteString(w, sb.String())
	return err
}

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	if errors.Is(err, errFailed) {
		return 1
	}
	return 2
}

// oneLine keeps an error message to one line for the terminal.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// targetFlags are the flags that say what a fork is for.
type targetFlags struct {
	profile, layer, from, to *string
	brand                    *brandFlags
}

func addTargetFlags(fs *flag.FlagSet) targetFlags {
	return targetFlags{
		profile: fs.String("profile", fork.DefaultProfile, "target profile (mfork profiles lists them)"),
		layer:   fs.String("layer", fork.DefaultLayer, "target language layer"),
		from:    fs.String("from", fork.DefaultLanguage, "the page's language (a hint: the page's own declaration wins)"),
		to:      fs.String("to", fork.DefaultLanguage, "the fork's language; equal to --from keeps the page's language"),
		brand:   addBrandFlags(fs),
	}
}

func (t targetFlags) request(src fork.Source) fork.Request {
	return fork.Request{URL: src.URL, HTML: src.HTML, Profile: *t.profile, LanguageLayer: *t.layer, SourceLanguage: *t.from, TargetLanguage: *t.to, Brand: t.brand.value}
}

// brandFlags collect the marketer's own words: each of --keep, --avoid
// and --glossary may be given many times.
type brandFlags struct{ value fork.Brand }

func addBrandFlags(fs *flag.FlagSet) *brandFlags {
	b := &brandFlags{}
	fs.Func("keep", "a term no fork may change, such as a product name (repeat for more)", func(s string) error {
		b.value.Keep = append(b.value.Keep, s)
		return nil
	})
	fs.Func("avoid", "a word the brand never uses: no fork may add it (repeat for more)", func(s string) error {
		b.value.Avoid = append(b.value.Avoid, s)
		return nil
	})
	fs.Func("glossary", "TERM=RENDERING: the fork must write TERM as RENDERING (repeat for more)", func(s string) error {
		term, rendering, ok := strings.Cut(s, "=")
		if !ok {
			return fmt.Errorf("want TERM=RENDERING, such as \"sign up=register\"")
		}
		if b.value.Glossary == nil {
			b.value.Glossary = map[string]string{}
		}
		b.value.Glossary[term] = rendering
		return nil
	})
	fs.StringVar(&b.value.Voice, "voice", "", "the brand's voice in a sentence, for the writer")
	return b
}

// pageArg reads the one page argument of fork and plan.
func pageArg(cmd string, pos []string, stdin io.Reader) (fork.Source, error) {
	if len(pos) != 1 {
		return fork.Source{}, fmt.Errorf("%w: %s takes one URL, file or - (got %d)", errUsage, cmd, len(pos))
	}
	return source(pos[0], stdin)
}

func cmdFork(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("fork", flag.ContinueOnError)
	tf := addTargetFlags(fs)
	format := fs.String("format", "md", "output format: json, md or html")
	ff := addFetchFlags(fs)
	pc := addProviderFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *format != "json" && *format != "md" && *format != "html" {
		return fmt.Errorf("%w: --format must be json, md or html", errUsage)
	}
	src, err := pageArg("fork", pos, stdin)
	if err != nil {
		return err
	}
	opts, _, err := pc.forkerOptions()
	if err != nil {
		return err
	}
	f, err := ff.forker(opts...)
	if err != nil {
		return err
	}
	res, err := f.Fork(ctx, tf.request(src))
	if err != nil {
		return err
	}
	switch *format {
	case "json":
		err = writeJSON(stdout, res)
	case "html":
		_, err = io.WriteString(stdout, res.HTML)
	default:
		_, err = io.WriteString(stdout, res.Markdown)
	}
	if err != nil {
		return err
	}
	if !res.Passed {
		return fmt.Errorf("%w: %s", errFailed, strings.Join(failedChecks(res.Checks), "; "))
	}
	return nil
}

func failedChecks(cs []fork.Check) []string {
	var out []string
	for _, c := range cs {
		if !c.Passed {
			out = append(out, c.Name+": "+c.Details)
		}
	}
	return out
}

func cmdProfiles(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("profiles", flag.ContinueOnError)
	format := fs.String("format", "text", "output format: text or json")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 || (*format != "text" && *format != "json") {
		return fmt.Errorf("%w: profiles takes only --format text|json", errUsage)
	}
	if *format == "json" {
		return writeJSON(stdout, struct {
			Profiles []fork.Profile `json:"profiles"`
			Layers   []fork.Layer   `json:"layers"`
		}{fork.Profiles(), fork.Layers()})
	}
	var sb strings.Builder
	sb.WriteString("Profiles:\n")
	for _, p := range fork.Profiles() {
		fmt.Fprintf(&sb, "  %-18s %s\n", p.Name, p.Description)
	}
	sb.WriteString("Language layers:\n")
	for _, l := range fork.Layers() {
		fmt.Fprintf(&sb, "  %-18s %s\n", l.Name, l.Description)
	}
	_, err = io.WriteString(stdout, sb.String())
	return err
}

func cmdPlan(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	tf := addTargetFlags(fs)
	ff := addFetchFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	src, err := pageArg("plan", pos, stdin)
	if err != nil {
		return err
	}
	f, err := ff.forker(fork.WithMaterialFinder(rules.New()))
	if err != nil {
		return err
	}
	plan, err := f.Plan(ctx, tf.request(src))
	if err != nil {
		return err
	}
	return writeJSON(stdout, plan)
}
