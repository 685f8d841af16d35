package engine

import (
	"context"
	"fmt"
)

// loadPart returns what load gives, the part of the dataset named name,
// and load's error as it is, unless ctx is done: then it returns ctx's
// error, naming the part, without loading, so that New or Reload given a
// context that ends stops before its next part rather than decoding the
// rest of the dataset for an engine that nobody gets. A part already
// begun is decoded to its end.
func loadPart[T any](ctx context.Context, name string, load func() (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, fmt.Errorf("load %s: %w", name, err)
	}
	return load()
}
