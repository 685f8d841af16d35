package engine

import "github.com/levytax/levy/wire"

var (
	_ wire.Calculator = (*Engine)(nil)
	_ wire.Explainer  = (*Engine)(nil)
)
