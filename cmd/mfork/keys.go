package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/marketingfork/fork/internal/apikey"
	"github.com/marketingfork/fork/store"
)

// cmdKeys is the operators' key tool: create, list and revoke keys in the
// store the server uses.
func cmdKeys(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("keys", flag.ContinueOnError)
	var db string
	addDBFlag(fs, &db)
	name := fs.String("name", "", "a label for the new key (create)")
	if len(args) == 0 {
		return fmt.Errorf("%w: keys needs create, list or revoke", errUsage)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		// mfork keys --help lists the flags, as every command's --help does.
		_, err := parseArgs(fs, []string{"--help"})
		return err
	}
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return err
	}
	st, err := openStore(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	switch args[0] {
	case "create":
		if len(pos) > 0 {
			return fmt.Errorf("%w: keys create takes only --name and --db", errUsage)
		}
		key, rec, err := apikey.New()
		if err != nil {
			return err
		}
		rec.Name = *name
		if err := st.CreateKey(ctx, rec); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", key)
		fmt.Fprintf(stdout, "key id %s; store the key now: it is shown once and kept only as a hash\n", rec.ID)
		return nil
	case "list":
		keys, err := st.ListKeys(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tPREFIX\tNAME\tCREATED\tREVOKED")
		for _, k := range keys {
			revoked := "-"
			if !k.RevokedAt.IsZero() {
				revoked = k.RevokedAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%s\t%s…\t%s\t%s\t%s\n", k.ID, k.Prefix, orDash(k.Name), k.CreatedAt.UTC().Format(time.RFC3339), revoked)
		}
		return tw.Flush()
	case "revoke":
		if len(pos) != 1 {
			return fmt.Errorf("%w: keys revoke takes one key id (see keys list)", errUsage)
		}
		if err := st.RevokeKey(ctx, pos[0], time.Now()); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("%w: no key has the id %q", errUsage, pos[0])
			}
			return err
		}
		fmt.Fprintf(stdout, "revoked %s\n", pos[0])
		return nil
	}
	return fmt.Errorf("%w: keys %q: use create, list or revoke", errUsage, args[0])
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}
