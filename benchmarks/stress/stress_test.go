package stress

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
)

// TestMain starts a throwaway PostgreSQL for TestClusterCrash, and
// removes the levy binary the tests built.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// binDir is the directory of the levy binary the tests built, if they
// did; TestMain removes it.
var binDir string

// levyBinary builds the levy command once for the tests.
var levyBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "levy-stress-bin-")
	if err != nil {
		return "", err
	}
	binDir = dir
	bin := filepath.Join(dir, "levy")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/levy")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", &buildError{err, string(out)}
	}
	return bin, nil
})

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

func config(t *testing.T) Config {
	if testing.Short() {
		t.Skip("builds and runs levy serve")
	}
	bin, err := levyBinary()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ReadUBL("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	return Config{Bin: bin, DataDir: t.TempDir(), UBL: doc}
}

// TestLoad is a short paced load of the whole mix: no request fails.
func TestLoad(t *testing.T) {
	c := config(t)
	c.Clients, c.Duration, c.Rate = 10, 2*time.Second, 200
	res, err := Load(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors > 0 || res.Requests < 300 {
		t.Fatalf("%v; first error: %s", res, res.FirstError)
	}
	for _, kind := range []string{"quotation", "invoice", "address lookup", "coordinates lookup", "token", "e-invoice"} {
		if k := res.Kinds[kind]; k.Requests == 0 || k.Errors > 0 {
			t.Errorf("%s: %+v", kind, k)
		}
	}
}

// TestCrash kills the server twice under load: nothing acknowledged is
// lost.
func TestCrash(t *testing.T) {
	c := config(t)
	c.Clients, c.Duration, c.Kills = 4, time.Second, 2
	rep, err := Crash(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 || rep.Invoices == 0 || rep.Documents == 0 || rep.Events < 3*rep.Documents {
		t.Fatalf("%+v", rep)
	}
	t.Logf("%+v", rep)
}

// TestClusterCrash runs three nodes over one PostgreSQL database and
// kills one at random twice under load: nothing acknowledged is lost,
// every event reaches both webhook connections once and in order, and
// the token rate limit holds across the nodes. It ends the leases of
// the killed nodes instead of waiting five minutes for them to lapse.
func TestClusterCrash(t *testing.T) {
	c := config(t)
	c.Database = pgtest.URL(t)
	c.Nodes, c.Clients, c.Duration, c.Kills = 3, 6, 2*time.Second, 2
	c.TokenLimit, c.TokenWindow, c.ExpireLeases = 3, time.Second, true
	rep, err := ClusterCrash(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 || rep.Kills != 2 || rep.Invoices == 0 || rep.Documents == 0 ||
		rep.Events < 2*3*rep.Documents || rep.Tokens == 0 || rep.Refused == 0 {
		t.Fatalf("%+v", rep)
	}
	t.Logf("%+v", rep)
}
