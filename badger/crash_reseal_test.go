package badger

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// crashResealHooks is how many connections the reseal crash test keeps.
const crashResealHooks = 40

// crashSealed returns a sealed secret under the key "k<n>".
func crashSealed(n int) (einvoice.SealedSecret, error) {
	var sec einvoice.SealedSecret
	err := json.Unmarshal(fmt.Appendf(nil, `{"keyId":"k%d","nonce":"bm9uY2U=","sealed":"c2VjcmV0"}`, n), &sec)
	return sec, err
}

// crashSealKey returns n of the key "k<n>" a connection's secret is
// sealed under, from its stored JSON.
func crashSealKey(v []byte) (int, error) {
	var r struct {
		Secret struct {
			KeyID string `json:"keyId"`
		} `json:"secret"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return 0, err
	}
	if len(r.Secret.KeyID) < 2 {
		return 0, fmt.Errorf("key ID %q", r.Secret.KeyID)
	}
	return strconv.Atoi(r.Secret.KeyID[1:])
}

// TestCrashResealChild reseals the webhook secrets of the store's
// connections again and again, each time under the next key, printing
// "ack <n>" once every secret is sealed under key n, until it is killed.
// In the first round it makes the connections, under key 0. It runs only
// as the child of TestCrashReseal.
func TestCrashResealChild(t *testing.T) {
	dir, round, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	s, err := OpenEInvoice(ctx, dir)
	if err != nil {
		childFail("open failed: %v", err)
	}
	if round == 0 {
		sec, err := crashSealed(0)
		if err != nil {
			childFail("secret: %v", err)
		}
		for i := range crashResealHooks {
			c := einvoice.ConnectionRecord{Secret: sec, Connection: einvoice.Connection{WebhookID: fmt.Sprintf("hook-%02d", i), TenantID: crashTenant,
				TargetURL: "https://hooks.example.com/crash", Events: einvoice.Events{All: true}, CreatedAt: time.Now()}}
			if _, err := s.CreateConnection(ctx, c, einvoice.ConnectionKey{}, crashResealHooks); err != nil {
				childFail("connect: %v", err)
			}
		}
		fmt.Println("ack 0")
	}
	// The parent kills the child long before; this bounds an orphan.
	for start := time.Now(); time.Since(start) < crashChildBound; {
		next := -1
		_, err := s.Reseal(ctx, func(c *einvoice.ConnectionRecord) (bool, error) {
			b, err := json.Marshal(c.Secret)
			if err != nil {
				return false, err
			}
			n, err := crashSealKey(fmt.Appendf(nil, `{"secret":%s}`, b))
			if err != nil {
				return false, err
			}
			if next >= 0 && n+1 != next {
				return false, fmt.Errorf("connection %s is under key %d, another under %d", c.WebhookID, n, next-1)
			}
			next = n + 1
			c.Secret, err = crashSealed(next)
			return true, err
		})
		if err != nil {
			childFail("reseal: %v", err)
		}
		fmt.Printf("ack %d\n", next)
	}
	os.Exit(3)
}

// TestCrashReseal kills a process that rewrites its connections'
// records (Reseal, as a change of the secrets key does at start) again
// and again, and checks after each kill that the reopened store has
// every connection, each under the key of the last acknowledged reseal
// or all under the next one, never some under each, and that its files
// hold one version of each record and no staging left.
func TestCrashReseal(t *testing.T) {
	rounds := crashRounds(t)
	dir := t.TempDir()
	ctx := context.Background()
	last := -1
	for r := range rounds {
		for _, a := range runCrashChild(t, "TestCrashResealChild", dir, r, crashDelay(r), ackedLines(3)) {
			n, err := strconv.Atoi(a)
			if err != nil {
				t.Fatalf("the child acknowledged %q", a)
			}
			last = max(last, n)
		}
		if last < 0 {
			t.Fatalf("round %d: the child made no connections", r)
		}
		s, err := OpenEInvoice(ctx, dir)
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", r, err)
		}
		cs, err := s.Connections(ctx, crashTenant)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if len(cs) != crashResealHooks {
			t.Fatalf("round %d: %d connections after the kill, want %d", r, len(cs), crashResealHooks)
		}
		keys := map[int]int{}
		other := 0
		err = ReadRaw(dir+"/db", func(k, v []byte) error {
			switch k[0] {
			case einvConn:
				n, err := crashSealKey(v)
				if err != nil {
					return fmt.Errorf("record %q: %w", k, err)
				}
				keys[n]++
			case einvStage, einvStageDone:
				other++
			}
			return nil
		})
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		if len(keys) != 1 || other > 0 {
			t.Fatalf("round %d, reseal %d acknowledged: the files hold records under the keys %v (key: versions) and %d staged keys", r, last, keys, other)
		}
		for n, versions := range keys {
			if (n != last && n != last+1) || versions != crashResealHooks {
				t.Fatalf("round %d, reseal %d acknowledged: the files hold %d versions under key %d, want %d under key %d or %d",
					r, last, versions, n, crashResealHooks, last, last+1)
			}
			last = n
		}
	}
	t.Logf("%d rounds, %d reseals, every connection whole under one key", rounds, last)
}
