package engine

import (
	"sync"
	"testing"
)

// TestReadMostlyConcurrent: goroutines that look up, add and so merge
// and empty a small readMostly at once (run with -race) always find
// either nothing or the entry added for the key, and the map never holds
// more than its bound.
func TestReadMostlyConcurrent(t *testing.T) {
	const limit, keys, workers, rounds = 16, 40, 8, 3000
	var m readMostly[int, int]
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				k := (i*7 + w*13) % keys
				if v := m.get(k); v != nil && *v != k*k {
					errs <- "a lookup found another key's entry"
					return
				}
				v := k * k
				m.put(k, &v, limit)
				if n := m.size(); n > limit {
					errs <- "the map holds more than its bound"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
