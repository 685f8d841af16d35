package badger

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/auth"
)

// crashAuthHash is the secret hash of generation gen of a client of the
// auth crash test: its salt names both.
func crashAuthHash(client string, gen uint32) auth.SecretHash {
	return auth.SecretHash{Alg: "argon2id", Time: 1, Memory: 64, Threads: 1,
		Salt: fmt.Appendf(nil, "%s/%d", client, gen), Hash: bytes.Repeat([]byte{byte(gen)}, 32)}
}

// TestCrashAuthChild creates clients from 3 goroutines, each client's
// secret rotated twice ("ack client <id> <generation>" after the
// creation and each rotation), and rotates the signing key from a
// fourth ("ack key <kid>" once it is the current key), until it is
// killed. It runs only as the child of TestCrashAuth.
func TestCrashAuthChild(t *testing.T) {
	dir, round, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	s, err := OpenAuth(ctx, dir)
	if err != nil {
		childFail("open failed: %v", err)
	}
	var out ackWriter
	for g := range 3 {
		go func() {
			for i := 0; ; i++ {
				id := fmt.Sprintf("A%03d-%02d-%06d", round, g, i)
				r := auth.Record{Credential: auth.Credential{ClientID: id, Tenant: fmt.Sprintf("t%d", i%5), Audiences: []string{"levy://api"},
					CreatedAt: time.Now()}, Secret: crashAuthHash(id, 0)}
				if _, err := s.Create(ctx, r, auth.NewTenantID(), 0); err != nil {
					childFail("create %s: %v", id, err)
				}
				out.ack("client %s 0", id)
				for gen := uint32(0); gen < 2; gen++ {
					if _, err := s.Rotate(ctx, id, gen, crashAuthHash(id, gen+1), time.Now()); err != nil {
						childFail("rotate %s: %v", id, err)
					}
					out.ack("client %s %d", id, gen+1)
				}
			}
		}()
	}
	go func() {
		for {
			var k auth.SigningKey
			k.Key = make([]byte, 32)
			_, _ = rand.Read(k.ID[:])
			_, _ = rand.Read(k.Key)
			k.CreatedAt = time.Now()
			if _, err := s.AddKey(ctx, k, false); err != nil {
				childFail("add key: %v", err)
			}
			out.ack("key %s", k.ID)
		}
	}()
	time.Sleep(crashChildBound)
	os.Exit(3)
}

// TestCrashAuth kills a process that creates credentials, rotates their
// secrets and rotates the signing key, and checks after each kill that
// every acknowledged client is there with its tenant's ID, at the
// generation last acknowledged (or the next) with that generation's
// secret, that every acknowledged key is there, and that exactly one
// key is current: the last acknowledged or one made after it.
func TestCrashAuth(t *testing.T) {
	rounds := crashRounds(t)
	dir := t.TempDir()
	ctx := context.Background()
	gens := map[string]int{}
	keys := map[string]bool{}
	for r := range rounds {
		lastKey := ""
		for _, a := range runCrashChild(t, "TestCrashAuthChild", dir, r, crashDelay(r), ackedLines(60)) {
			f := strings.Fields(a)
			switch {
			case len(f) == 3 && f[0] == "client":
				n, err := strconv.Atoi(f[2])
				if err != nil {
					t.Fatalf("the child acknowledged %q", a)
				}
				gens[f[1]] = max(gens[f[1]], n)
			case len(f) == 2 && f[0] == "key":
				keys[f[1]], lastKey = true, f[1]
			default:
				t.Fatalf("the child acknowledged %q", a)
			}
		}
		s, err := OpenAuth(ctx, dir)
		if err != nil {
			t.Fatalf("round %d: reopening after the kill: %v", r, err)
		}
		for id, gen := range gens {
			rec, err := s.Get(ctx, id)
			if err != nil {
				t.Fatalf("round %d: client %s, acknowledged at generation %d, is lost: %v", r, id, gen, err)
			}
			g := int(rec.Generation)
			if g < gen || g > min(gen+1, 2) || !bytes.Equal(rec.Secret.Salt, crashAuthHash(id, rec.Generation).Salt) || rec.TenantID == "" {
				t.Fatalf("round %d: client %s, acknowledged at generation %d, is at %d with the secret of %q, tenant ID %q",
					r, id, gen, g, rec.Secret.Salt, rec.TenantID)
			}
		}
		snap, err := s.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		current, after := 0, false
		for _, k := range snap.Keys {
			have[k.ID.String()] = true
			if k.SupersededAt.IsZero() {
				current++
				after = k.ID.String() == lastKey || !keys[k.ID.String()]
			}
		}
		for kid := range keys {
			if !have[kid] {
				t.Fatalf("round %d: signing key %s, acknowledged, is lost", r, kid)
			}
		}
		if current != 1 || (lastKey != "" && !after) {
			t.Fatalf("round %d: %d current signing keys; the last acknowledged was %s", r, current, lastKey)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d rounds, %d clients and %d signing keys acknowledged, every one kept", rounds, len(gens), len(keys))
}
