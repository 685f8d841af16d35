package taxarea

import (
	"context"

	"github.com/levytax/levy/civil"
)

// Lookups are the tax area lookups. *Resolver implements them in-process
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

var _ Lookups = (*Resolver)(nil)
