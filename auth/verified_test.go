package auth

import (
	"testing"
	"time"
)

func TestVerified(t *testing.T) {
	v := newVerified()
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	hashA, hashB := []byte("stored-hash-a"), []byte("stored-hash-b")
	if v.known(hashA, "right", now) {
		t.Fatal("known before it matched")
	}
	v.remember(hashA, "right", now)
	if !v.known(hashA, "right", now.Add(time.Minute)) {
		t.Error("not known after it matched")
	}
	if v.known(hashA, "wrong", now) || v.known(hashB, "right", now) {
		t.Error("a wrong secret, or the right secret under another hash, is known")
	}
	if v.known(hashA, "right", now.Add(verifiedTTL+time.Second)) {
		t.Error("known after it expired")
	}
	for i := range maxVerified + 10 {
		v.remember([]byte{byte(i), byte(i >> 8), byte(i >> 16)}, "s", now)
	}
	if n := len(v.entries); n > maxVerified {
		t.Errorf("%d entries, the bound is %d", n, maxVerified)
	}
	for _, e := range v.entries {
		if string(e.mac[:]) == "right" || string(e.mac[:]) == "s" {
			t.Error("an entry holds the secret")
		}
	}
}

// TestClientIDNeverAFlag makes many client IDs: none starts with "-",
// which a command line such as levy clients revoke would read as a flag.
func TestClientIDNeverAFlag(t *testing.T) {
	for range 5000 {
		if id := newClientID(); id[0] == '-' || len(id) != 22 {
			t.Fatalf("client ID %q", id)
		}
	}
}
