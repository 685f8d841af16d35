package einvoice

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	kv "github.com/levytax/levy/badger"
)

// CreateConnection adds a webhook connection to the tenant of ctx after
// validating it (a target URL that is https, or plain http to loopback
// unless Config.AllowHTTP; a secret of at least 32 bytes; "all" or known
// statuses), and returns it without its secret. Events of the statuses
// documents enter from now on are sent to it.
func (s *Service) CreateConnection(ctx context.Context, nc NewConnection) (Connection, error) {
	if err := s.enter("create webhook"); err != nil {
		return Connection{}, err
	}
	defer s.gate.Leave()
	if err := nc.check(s.cfg.AllowHTTP, s.cfg.AllowPrivateTargets); err != nil {
		return Connection{}, err
	}
	tenant := levy.Tenant(ctx)
	c := connRecord{
		Connection: Connection{WebhookID: s.newID(), TenantID: tenant, TargetURL: nc.TargetURL,
			Events: nc.Events, IncludeMetadata: nc.IncludeMetadata, CreatedAt: s.now().UTC()},
	}
	k := key(keyConn, tenant, c.WebhookID)
	var current *SecretKey
	if s.cfg.Secrets != nil {
		current = s.cfg.Secrets.Current
	}
	c.Secret = seal(current, nc.SecretKey, k)
	err := s.probe.Update(ctx, s.db, func(txn *badger.Txn) error {
		cs, err := connections(txn, tenant)
		if err != nil {
			return err
		}
		if len(cs) >= MaxConnections {
			return &levy.Error{Code: levy.EConflict, Field: "targetUrl", Message: "a tenant may have at most 20 webhook connections; delete one first"}
		}
		return setJSON(txn, k, c)
	})
	if err != nil {
		return Connection{}, kv.Wrap("einvoice", "create webhook", "", err)
	}
	s.log.Info("webhook connection created", "tenant", tenant, "webhook_id", c.WebhookID)
	return c.Connection, nil
}

// Connections lists the webhook connections of the tenant of ctx, without
// their secrets.
func (s *Service) Connections(ctx context.Context) ([]Connection, error) {
	if err := s.enter("list webhooks"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	list := []Connection{}
	err := s.db.View(func(txn *badger.Txn) error {
		cs, err := connections(txn, levy.Tenant(ctx))
		list = append(list, cs...)
		return err
	})
	return list, kv.Wrap("einvoice", "list webhooks", "", err)
}

// Connection returns one webhook connection of the tenant of ctx, without
// its secret.
func (s *Service) Connection(ctx context.Context, id string) (Connection, error) {
	if err := s.enter("get webhook"); err != nil {
		return Connection{}, err
	}
	defer s.gate.Leave()
	if err := checkID("webhookId", id); err != nil {
		return Connection{}, err
	}
	var c connRecord
	err := s.db.View(func(txn *badger.Txn) error {
		found, err := getJSON(txn, key(keyConn, levy.Tenant(ctx), id), &c)
		if err == nil && !found {
			err = levy.NotFound("webhookId", "there is no webhook connection %s", id)
		}
		return err
	})
	return c.Connection, kv.Wrap("einvoice", "get webhook", id, err)
}

// DeleteConnection removes a webhook connection of the tenant of ctx, with
// the events still waiting for it, and returns it.
func (s *Service) DeleteConnection(ctx context.Context, id string) (Connection, error) {
	if err := s.enter("delete webhook"); err != nil {
		return Connection{}, err
	}
	defer s.gate.Leave()
	if err := checkID("webhookId", id); err != nil {
		return Connection{}, err
	}
	tenant := levy.Tenant(ctx)
	var c connRecord
	err := s.probe.Update(ctx, s.db, func(txn *badger.Txn) error {
		found, err := getJSON(txn, key(keyConn, tenant, id), &c)
		if err != nil {
			return err
		}
		if !found {
			return levy.NotFound("webhookId", "there is no webhook connection %s", id)
		}
		return txn.Delete(key(keyConn, tenant, id))
	})
	if err == nil {
		// No event can join the connection's queue now: enqueue reads the
		// connection in its own transaction, which would conflict.
		err = s.db.DropPrefix(key(keyOutbox, id))
	}
	if err != nil {
		return Connection{}, kv.Wrap("einvoice", "delete webhook", id, err)
	}
	s.log.Info("webhook connection deleted", "tenant", tenant, "webhook_id", id)
	return c.Connection, nil
}

// loadConnection reads a stored connection and opens its secret.
func (s *Service) loadConnection(tenant, id string) (connection, bool, error) {
	var rec connRecord
	var found bool
	k := key(keyConn, tenant, id)
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		found, err = getJSON(txn, k, &rec)
		return err
	})
	if err != nil || !found {
		return connection{}, found, err
	}
	secret, err := rec.Secret.open(s.cfg.Secrets, k)
	if err != nil {
		return connection{}, true, fmt.Errorf("webhook connection %s: %w", id, err)
	}
	return connection{Connection: rec.Connection, secret: secret}, true, nil
}

// String formats a connection for a log or a %v without its secret.
func (c connection) String() string {
	b, _ := json.Marshal(c.Connection)
	return string(b)
}
