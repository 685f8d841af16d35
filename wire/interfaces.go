package wire

import (
	"context"

	"github.com/levytax/levy/civil"
)

// Calculator is what a host calls to calculate taxes and to act on the
// stored transactions. *Engine implements it in-process and
// client.Client (package api/client) over HTTP, so a host switches between the two by
// changing the one value it builds. Implementations are safe for
// concurrent use.
type Calculator interface {
	Sale(ctx context.Context, req *SaleRequest) (*SaleResponse, error)
	Purchase(ctx context.Context, req *PurchaseRequest) (*PurchaseResponse, error)
	Owner(ctx context.Context, req *OwnerRequest) (*OwnerResponse, error)
	DeleteTransaction(ctx context.Context, id string) error
	ReverseTransaction(ctx context.Context, id string, r ReversalRequest) (*ReversalResponse, error)
	RollbackTransaction(ctx context.Context, id string) (*RollbackResponse, error)
	TransactionExists(ctx context.Context, id string) (bool, error)
}

// Lookups are the tax area lookups. *taxarea.Resolver implements them in-process
// and client.Client over HTTP. Implementations are safe for concurrent
// use.
type Lookups interface {
	LookupAddress(ctx context.Context, req AddressLookupRequest) (*LookupResponse, error)
	LookupCoordinates(ctx context.Context, req CoordinatesLookupRequest) (*LookupResponse, error)
	LookupTaxAreaID(ctx context.Context, req TaxAreaIDLookupRequest) (*LookupResponse, error)
	LookupExternal(ctx context.Context, req ExternalJurisdictionLookupRequest) (*LookupResponse, error)
	Find(ctx context.Context, searches []Search) ([]SearchResult, error)
	ChangedTaxAreas(ctx context.Context, from, to civil.Date) ([]string, error)
	TaxAreaChanged(ctx context.Context, id string, from, to civil.Date) (bool, error)
}

// Explainer calculates as a Calculator does and also returns the
// Explanation of the response's taxes, storing nothing whatever the
// message type says. *Engine implements it in-process and client.Client
// over HTTP (POST /explain/supplies, /explain/procurement,
// /explain/owner). Implementations are safe for concurrent use.
type Explainer interface {
	ExplainSale(ctx context.Context, req *SaleRequest) (*SaleResponse, Explanation, error)
	ExplainPurchase(ctx context.Context, req *PurchaseRequest) (*PurchaseResponse, Explanation, error)
	ExplainOwner(ctx context.Context, req *OwnerRequest) (*OwnerResponse, Explanation, error)
}
