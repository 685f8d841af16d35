package einvoice

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/levytax/levy"
)

// CreateConnection adds a webhook connection to the tenant of ctx after
// validating it (a target URL that is https, or plain http to loopback
// unless Config.AllowHTTP; a secret of at least 32 bytes; "all" or known
// statuses), and returns it without its secret. Events of the statuses
// documents enter from now on are sent to it.
func (s *Service) CreateConnection(ctx context.Context, nc NewConnection) (Connection, error) {
	c, _, err := s.CreateConnectionWithKey(ctx, nc, "")
	return c, err
}

// MaxIdempotencyKey is the longest idempotency key, in bytes, of a
// document's submission or of a connection's creation.
const MaxIdempotencyKey = 128

// CreateConnectionWithKey creates a webhook connection as
// CreateConnection does. A non-empty idempotencyKey (at most 128
// characters; an error names Idempotency-Key) makes a repeated creation
// with the same request under the same key, within IdempotencyWindow of
// the first, return the first one's connection with created false
// instead of making a second connection (whose events the receiver
// would get twice); a creation with another request (another target,
// events, includeMetadata or secret) under a key in use fails with
// levy.EConflict about Idempotency-Key, and stores nothing. The key is
// free again once the window has passed or its connection is deleted.
func (s *Service) CreateConnectionWithKey(ctx context.Context, nc NewConnection, idempotencyKey string) (c Connection, created bool, err error) {
	if err := s.enter("create webhook"); err != nil {
		return Connection{}, false, err
	}
	defer s.leave()
	if err := levy.CheckWritable(ctx, "create a webhook connection"); err != nil {
		return Connection{}, false, err
	}
	if err := nc.check(s.cfg.AllowHTTP, s.cfg.AllowPrivateTargets); err != nil {
		return Connection{}, false, err
	}
	if len(idempotencyKey) > MaxIdempotencyKey {
		return Connection{}, false, levy.Invalid("Idempotency-Key", "the idempotency key may have at most %d characters", MaxIdempotencyKey)
	}
	tenant := levy.Tenant(ctx)
	rec := ConnectionRecord{
		Connection: Connection{WebhookID: NewGUID(), TenantID: tenant, TargetURL: nc.TargetURL,
			Events: nc.Events, IncludeMetadata: nc.IncludeMetadata, CreatedAt: s.now().UTC()},
	}
	var current *SecretKey
	if s.cfg.Secrets != nil {
		current = s.cfg.Secrets.Current
	}
	rec.Secret = seal(current, nc.SecretKey, connectionAAD(tenant, rec.WebhookID))
	key := ConnectionKey{Key: idempotencyKey}
	if idempotencyKey != "" {
		if key.Digest, err = nc.digest(tenant, idempotencyKey); err != nil {
			return Connection{}, false, err
		}
	}
	res, err := s.store.CreateConnection(ctx, rec, key, MaxConnections)
	if errors.Is(err, ErrConnectionLimit) {
		return Connection{}, false, &levy.Error{Code: levy.EConflict, Field: "targetUrl", Message: fmt.Sprintf("a tenant may have at most %d webhook connections; delete one first", MaxConnections)}
	}
	if err != nil {
		return Connection{}, false, err
	}
	if !res.Created {
		if res.Digest != key.Digest {
			return Connection{}, false, &levy.Error{Code: levy.EConflict, Field: "Idempotency-Key", Message: fmt.Sprintf(
				"the idempotency key was used to create another webhook connection (webhookId %s, with another targetUrl, events, includeMetadata or secretKey); create this one under a new Idempotency-Key", res.Connection.WebhookID)}
		}
		return res.Connection.Connection, false, nil
	}
	s.log.Info("webhook connection created", "tenant", tenant, "webhook_id", rec.WebhookID)
	return rec.Connection, true, nil
}

// digest returns the digest of a checked request to create a connection
// under idempotencyKey (hex SHA-256): of its target URL, its events and
// includeMetadata as Levy reads them, and of an HMAC-SHA256 of the
// tenant and the key under the secret, so that the secret is never
// stored in clear, nor a digest of it alone that one secret would give
// everywhere.
func (nc *NewConnection) digest(tenant, idempotencyKey string) (string, error) {
	mac := hmac.New(sha256.New, []byte(nc.SecretKey))
	mac.Write(appendLP(appendLP([]byte("levy webhook creation"), tenant), idempotencyKey))
	b, err := json.Marshal(struct {
		TargetURL       string `json:"targetUrl"`
		Events          Events `json:"events"`
		IncludeMetadata bool   `json:"includeMetadata"`
		Secret          []byte `json:"secret"`
	}{nc.TargetURL, nc.Events, nc.IncludeMetadata, mac.Sum(nil)})
	if err != nil {
		return "", fmt.Errorf("digest the webhook connection: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// Connections lists the webhook connections of the tenant of ctx, without
// their secrets.
func (s *Service) Connections(ctx context.Context) ([]Connection, error) {
	if err := s.enter("list webhooks"); err != nil {
		return nil, err
	}
	defer s.leave()
	recs, err := s.store.Connections(ctx, levy.Tenant(ctx))
	if err != nil {
		return nil, err
	}
	list := make([]Connection, len(recs))
	for i, r := range recs {
		list[i] = r.Connection
	}
	return list, nil
}

// Connection returns one webhook connection of the tenant of ctx, without
// its secret.
func (s *Service) Connection(ctx context.Context, id string) (Connection, error) {
	if err := s.enter("get webhook"); err != nil {
		return Connection{}, err
	}
	defer s.leave()
	id, err := checkID("webhookId", id)
	if err != nil {
		return Connection{}, err
	}
	rec, err := s.store.Connection(ctx, levy.Tenant(ctx), id)
	return rec.Connection, err
}

// DeleteConnection removes a webhook connection of the tenant of ctx, with
// the events still waiting for it, and returns it.
func (s *Service) DeleteConnection(ctx context.Context, id string) (Connection, error) {
	if err := s.enter("delete webhook"); err != nil {
		return Connection{}, err
	}
	defer s.leave()
	if err := levy.CheckWritable(ctx, "delete a webhook connection"); err != nil {
		return Connection{}, err
	}
	id, err := checkID("webhookId", id)
	if err != nil {
		return Connection{}, err
	}
	tenant := levy.Tenant(ctx)
	rec, err := s.store.DeleteConnection(ctx, tenant, id)
	if err != nil {
		return Connection{}, err
	}
	if s.disp != nil {
		// A lane of this node waiting for a retry (a Retry-After of up
		// to a day) ends now; one of another node sharing the store
		// finds the queue gone when its wait ends.
		s.disp.stop(id)
	}
	s.log.Info("webhook connection deleted", "tenant", tenant, "webhook_id", id)
	return rec.Connection, nil
}

// ReplaceSecret replaces the secret of a webhook connection of the tenant
// of ctx with newSecret, checked as CreateConnection checks a secret
// (at least 32 bytes; an error names secretKey) and sealed as it seals
// one (with the current secrets key, bound to the connection), and
// returns the connection without its secret. The webhook ID, the target,
// the events selected and the events waiting for the connection, in
// their order, are kept.
//
// Events are signed when they are sent, not when they are made: every
// attempt that begins once ReplaceSecret has returned, of the events
// waiting and of those made later, is signed with the new secret, on
// this node and on every node that shares the store (each reads the
// connection from the store before each attempt). An attempt already
// under way was signed with the old secret; a receiver that accepts
// both for a while (the rotation docs/einvoicing.md describes) loses
// nothing. An unknown connection, or another tenant's, is not found
// (levy.ENotFound, webhookId), whatever newSecret is.
func (s *Service) ReplaceSecret(ctx context.Context, id, newSecret string) (Connection, error) {
	if err := s.enter("replace webhook secret"); err != nil {
		return Connection{}, err
	}
	defer s.leave()
	if err := levy.CheckWritable(ctx, "replace the secret of a webhook connection"); err != nil {
		return Connection{}, err
	}
	id, err := checkID("webhookId", id)
	if err != nil {
		return Connection{}, err
	}
	tenant := levy.Tenant(ctx)
	// The connection is looked up first, so that a request about another
	// tenant's connection is answered as one about an unknown one,
	// whatever its body.
	if _, err := s.store.Connection(ctx, tenant, id); err != nil {
		return Connection{}, err
	}
	if err := checkSecret(newSecret); err != nil {
		return Connection{}, err
	}
	var current *SecretKey
	if s.cfg.Secrets != nil {
		current = s.cfg.Secrets.Current
	}
	rec, err := s.store.ReplaceSecret(ctx, tenant, id, seal(current, newSecret, connectionAAD(tenant, id)))
	if err != nil {
		return Connection{}, err
	}
	s.log.Info("webhook secret replaced", "tenant", tenant, "webhook_id", id)
	return rec.Connection, nil
}

// loadConnection reads a stored connection and opens its secret.
func (s *Service) loadConnection(ctx context.Context, tenant, id string) (connection, error) {
	rec, err := s.store.Connection(ctx, tenant, id)
	if err != nil {
		return connection{}, err
	}
	secret, err := rec.Secret.open(s.cfg.Secrets, connectionAAD(tenant, id))
	if err != nil {
		return connection{}, fmt.Errorf("webhook connection %s: %w", id, err)
	}
	return connection{Connection: rec.Connection, secret: secret}, nil
}

// String formats a connection for a log or a %v without its secret.
func (c connection) String() string {
	b, _ := json.Marshal(c.Connection)
	return string(b)
}
