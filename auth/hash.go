package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"time"

	"golang.org/x/crypto/argon2"
)

// HashParams are the argon2id parameters with which secrets are hashed
// (Config.Hash). A hash keeps the parameters it was made with, so a
// secret stays valid when they change.
type HashParams struct {
	Time    uint32 // passes over the memory
	Memory  uint32 // memory in KiB
	Threads uint8  // parallelism
}

// The hash parameters of a zero Config.Hash: 2 passes over 19 MiB with
// one thread (OWASP's recommendation for argon2id).
const (
	defaultHashTime    = 2
	defaultHashMemory  = 19 * 1024 // KiB
	defaultHashThreads = 1
)

// Bounds of the hash parameters accepted in Config.Hash or in a stored
// hash, so that a damaged record cannot make the process allocate
// without limit.
const (
	maxHashTime    = 16
	maxHashMemory  = 256 * 1024 // KiB
	maxHashThreads = 16
)

// Sizes of a salt and a hash, in bytes.
const (
	saltLen = 16
	hashLen = 32
)

// valid reports whether the parameters are within the bounds.
func (p HashParams) valid() bool {
	return p.Time >= 1 && p.Time <= maxHashTime &&
		p.Memory >= 8*uint32(p.Threads) && p.Memory <= maxHashMemory &&
		p.Threads >= 1 && p.Threads <= maxHashThreads
}

// params returns the parameters of h.
func (h SecretHash) params() HashParams {
	return HashParams{Time: h.Time, Memory: h.Memory, Threads: h.Threads}
}

// newHash hashes secret with a new salt and the registry's parameters.
func (r *Registry) newHash(ctx context.Context, secret string) (SecretHash, error) {
	h := SecretHash{
		Alg:     "argon2id",
		Time:    r.hash.Time,
		Memory:  r.hash.Memory,
		Threads: r.hash.Threads,
		Salt:    randomBytes(saltLen),
	}
	var err error
	h.Hash, err = r.argon2(ctx, secret, h, laneKnown, false)
	return h, err
}

// known reports whether secret matched h in the last minutes (see
// verified), which needs no argon2id.
func (r *Registry) known(h SecretHash, secret string, now time.Time) bool {
	return r.verified.known(h.Hash, secret, now)
}

// matches reports whether secret is the secret hashed in h, after
// argon2id in lane of the hash gate (a token request's hash waits in a
// capped queue and fails with errBusy when it is full). It takes as long
// whether or not it is.
func (r *Registry) matches(ctx context.Context, h SecretHash, secret string, lane int, now time.Time) (bool, error) {
	if h.Alg != "argon2id" || !h.params().valid() || len(h.Salt) == 0 || len(h.Hash) != hashLen {
		return false, errors.New("stored secret hash: unsupported algorithm or parameters")
	}
	sum, err := r.argon2(ctx, secret, h, lane, true)
	if err != nil {
		return false, err
	}
	ok := subtle.ConstantTimeCompare(sum, h.Hash) == 1
	if ok {
		r.verified.remember(h.Hash, secret, now)
	}
	return ok, nil
}

// argon2 hashes secret with the salt and parameters of h, once the hash
// gate gives it a slot in lane (see hashGate.enter for capped).
func (r *Registry) argon2(ctx context.Context, secret string, h SecretHash, lane int, capped bool) ([]byte, error) {
	leave, err := r.hashes.enter(ctx, lane, capped)
	if err != nil {
		return nil, err
	}
	defer leave()
	return argon2.IDKey([]byte(secret), h.Salt, h.Time, h.Memory, h.Threads, hashLen), nil
}

// randomBytes returns n bytes from crypto/rand, which never fails (it
// crashes the program if the system's generator does).
func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}
