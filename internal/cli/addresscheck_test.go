package cli

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/levytax/levy/engine"
)

// TestAddressCheckFlags: --address-check and --tenant-address-check, and
// their variables, read lenient and strict and refuse anything else.
func TestAddressCheckFlags(t *testing.T) {
	var c serveConfig
	fs := serveFlags(&c)
	if err := fs.Parse([]string{"--tenant-address-check", "acme=strict", "--tenant-address-check", "globex = lenient, initech=strict"}); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"LEVY_ADDRESS_CHECK": "strict", "LEVY_TENANT_ADDRESS_CHECK": "ignored=strict"}
	if err := fromEnv(fs, func(_, k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	want := map[string]engine.AddressCheck{"acme": engine.AddressStrict, "globex": engine.AddressLenient, "initech": engine.AddressStrict}
	if c.addressCheck.server.c != engine.AddressStrict || len(c.addressCheck.tenants) != len(want) {
		t.Fatalf("server %q, tenants %v", c.addressCheck.server.c, c.addressCheck.tenants)
	}
	for k, v := range want {
		if c.addressCheck.tenants[k] != v {
			t.Errorf("tenant %s: %q", k, c.addressCheck.tenants[k])
		}
	}
	if got := c.addressCheck.tenants.String(); got != "acme=strict,globex=lenient,initech=strict" {
		t.Errorf("String: %s", got)
	}
	for _, args := range [][]string{{"--address-check", "loose"}, {"--tenant-address-check", "acme"}, {"--tenant-address-check", "=strict"},
		{"--tenant-address-check", "acme=Strict"}} {
		var c serveConfig
		fs := serveFlags(&c)
		fs.SetOutput(io.Discard)
		if err := fs.Parse(args); err == nil {
			t.Errorf("%v was accepted", args)
		}
	}
	var none serveConfig
	if opts := none.addressCheck.engineOptions(); opts != nil {
		t.Errorf("no flag, yet options %v", opts)
	}
}

// TestServeStrictAddressCheck runs levy serve with a strict address
// check for the development credential's tenant and sends it the
// misspelt state of issue 18: 400 naming the member.
func TestServeStrictAddressCheck(t *testing.T) {
	base, stop, _, token := startServe(t, t.TempDir(), serveConfig{}, "--tenant-address-check", "default=strict")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	body := strings.Replace(serveQuotation, `"mainDivision":"CA"`, `"mainDivision":"Californa"`, 1)
	resp := authed(t, "POST", base+"/api/v2/supplies", token, strings.NewReader(body))
	defer resp.Body.Close()
	var answer struct {
		Errors []struct{ Code, Target string } `json:"errors"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil || resp.StatusCode != 400 || len(answer.Errors) != 1 ||
		answer.Errors[0].Target != "customer.destination.mainDivision" {
		t.Fatalf("%s %v %+v", resp.Status, err, answer)
	}
}
