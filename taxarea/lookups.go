package taxarea

import "github.com/levytax/levy/wire"

var _ wire.Lookups = (*Resolver)(nil)
