package engine

import (
	"strconv"
	"strings"
)

// itemPaths hands out the paths path[0], path[1], … of the n items of a
// list, in order, from one string that holds them all: the paths of a
// document's lines take one allocation instead of one a line.
type itemPaths struct {
	all    string
	prefix int // len(path)
	off, i int // where the next path starts, and its index
}

// newItemPaths returns the paths of the n items of the list at path.
func newItemPaths(path string, n int) itemPaths {
	size := 0
	for i := range n {
		size += len(path) + 2 + indexDigits(i)
	}
	var b strings.Builder
	b.Grow(size)
	var num [20]byte
	for i := range n {
		b.WriteString(path)
		b.WriteByte('[')
		b.Write(strconv.AppendInt(num[:0], int64(i), 10))
		b.WriteByte(']')
	}
	return itemPaths{all: b.String(), prefix: len(path)}
}

// next returns the path of the next item.
func (p *itemPaths) next() string {
	end := p.off + p.prefix + 2 + indexDigits(p.i)
	s := p.all[p.off:end]
	p.off, p.i = end, p.i+1
	return s
}

// indexDigits is the number of decimal digits of the index i ≥ 0.
func indexDigits(i int) int {
	n := 1
	for ; i >= 10; i /= 10 {
		n++
	}
	return n
}
