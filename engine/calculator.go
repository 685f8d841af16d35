package engine

import "context"

// Calculator is what a host calls to calculate taxes and to act on the
// stored transactions. *Engine implements it in-process and
// client.Client over HTTP, so a host switches between the two by
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

var _ Calculator = (*Engine)(nil)
