package cli

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/engine"
)

// addressCheckFlags are the flags of the address check (see
// engine.AddressCheck): --address-check lenient|strict, the server's,
// and --tenant-address-check TENANT=lenient|strict, a tenant's own,
// repeatable or comma-separated (as LEVY_TENANT_ADDRESS_CHECK gives
// several).
type addressCheckFlags struct {
	server  addressCheckValue
	tenants tenantAddressChecks
}

// addressCheckUsage is the meaning of --address-check, which serve and
// calc share.
const addressCheckUsage = "`lenient|strict`: what a calculation does with an address that the tax area lookup finds at fault (a state its ZIP code contradicts, a city that does not contain the ZIP code, an unknown state or ZIP code): lenient taxes it where the lookup places it and says so in the response, strict refuses it naming the member (400 over HTTP); default lenient"

// register adds the flags to fs.
func (f *addressCheckFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.server, "address-check", addressCheckUsage)
	fs.Var(&f.tenants, "tenant-address-check", "TENANT=lenient|strict: a tenant's own --address-check; repeat, or separate with commas, for several")
}

// engineOptions returns the engine option that sets the address checks,
// if any flag was given.
func (f *addressCheckFlags) engineOptions() []engine.Option {
	if f.server.c == "" && len(f.tenants) == 0 {
		return nil
	}
	return []engine.Option{engine.WithAddressCheck(f.server.c, maps.Clone(map[string]engine.AddressCheck(f.tenants)))}
}

// addressCheckValue is the value of --address-check.
type addressCheckValue struct{ c engine.AddressCheck }

func (v *addressCheckValue) String() string { return string(v.c) }

// Set reads lenient or strict.
func (v *addressCheckValue) Set(s string) error {
	c, err := engine.ParseAddressCheck(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("want lenient or strict, not %q", s)
	}
	v.c = c
	return nil
}

// tenantAddressChecks is the value of --tenant-address-check: the check
// of each tenant named.
type tenantAddressChecks map[string]engine.AddressCheck

func (t *tenantAddressChecks) String() string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(*t)) {
		parts = append(parts, k+"="+string((*t)[k]))
	}
	return strings.Join(parts, ",")
}

// Set adds TENANT=CHECK, or several separated by commas. A tenant named
// twice keeps the last check.
func (t *tenantAddressChecks) Set(v string) error {
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		tenant, check, ok := strings.Cut(item, "=")
		if tenant = strings.TrimSpace(tenant); !ok || tenant == "" {
			return fmt.Errorf("%q is not TENANT=lenient or TENANT=strict", item)
		}
		c, err := engine.ParseAddressCheck(strings.TrimSpace(check))
		if err != nil {
			return fmt.Errorf("%q: want lenient or strict after the tenant", item)
		}
		if *t == nil {
			*t = tenantAddressChecks{}
		}
		(*t)[tenant] = c
	}
	return nil
}
