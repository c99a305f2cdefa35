package main

import (
	"flag"
	"fmt"
	"net/netip"
	"strings"
)

// addrList is the value of --allow-hosts: IP:port pairs, comma-separated,
// the flag given any number of times.
type addrList []netip.AddrPort

func (l *addrList) String() string {
	s := make([]string, len(*l))
	for i, a := range *l {
		s[i] = a.String()
	}
	return strings.Join(s, ",")
}

func (l *addrList) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		ap, err := netip.ParseAddrPort(part)
		if err != nil {
			return fmt.Errorf("%q is not IP:port (such as 127.0.0.1:8000 or [::1]:8000)", part)
		}
		*l = append(*l, ap)
	}
	return nil
}

// addAllowHostsFlag adds --allow-hosts, starting from the environment
// variable env when it is set (and not empty).
func addAllowHostsFlag(fs *flag.FlagSet, env string) (*addrList, error) {
	l := &addrList{}
	desc := "IP:port pairs the fetcher may reach although they are local, comma-separated (a page server on this machine, such as 127.0.0.1:8000); narrower than --allow-private"
	if env != "" {
		desc += " (" + env + ")"
		if v := envOf(env); v != "" {
			if err := l.Set(v); err != nil {
				return nil, fmt.Errorf("%w: %s: %v", errUsage, env, err)
			}
		}
	}
	fs.Var(l, "allow-hosts", desc)
	return l, nil
}

// envOf is an environment variable's value, "" when unset.
func envOf(name string) string { return env(name, "") }
