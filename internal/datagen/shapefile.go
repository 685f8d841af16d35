package datagen

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
)

// shpRecord is one record of a zipped ESRI shapefile: its attributes (the
// .dbf row, trimmed) and its rings, in millionths of a degree, as the .shp
// file gives them.
type shpRecord struct {
	attrs map[string]string
	rings [][]microDegree
}

// readZippedShapefile reads the .shp and .dbf members of a zip archive
// (one layer of polygons) and returns its records in file order.
func readZippedShapefile(path string) ([]shpRecord, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	var shp, dbf []byte
	for _, f := range zr.File {
		var dst *[]byte
		switch {
		case strings.HasSuffix(f.Name, ".shp"):
			dst = &shp
		case strings.HasSuffix(f.Name, ".dbf"):
			dst = &dbf
		default:
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, f.Name, err)
		}
		*dst, err = io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, f.Name, err)
		}
	}
	if shp == nil || dbf == nil {
		return nil, fmt.Errorf("%s: no .shp or no .dbf member", path)
	}
	rows, err := readDBF(dbf)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	shapes, err := readSHP(shp)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) != len(shapes) {
		return nil, fmt.Errorf("%s: %d attribute rows but %d shapes", path, len(rows), len(shapes))
	}
	out := make([]shpRecord, len(rows))
	for i := range rows {
		out[i] = shpRecord{attrs: rows[i], rings: shapes[i]}
	}
	return out, nil
}

// readSHP reads the polygons of a .shp file: for each record its rings,
// each without the closing vertex that repeats the first. Null shapes
// give no rings.
func readSHP(b []byte) ([][][]microDegree, error) {
	const header = 100
	if len(b) < header || binary.BigEndian.Uint32(b[0:4]) != 9994 {
		return nil, fmt.Errorf(".shp: not a shapefile")
	}
	if t := binary.LittleEndian.Uint32(b[32:36]); t != 5 && t != 0 {
		return nil, fmt.Errorf(".shp: shape type %d, want polygons (5)", t)
	}
	var out [][][]microDegree
	for off := header; off < len(b); {
		if off+8 > len(b) {
			return nil, fmt.Errorf(".shp: record header cut short at byte %d", off)
		}
		n := int(binary.BigEndian.Uint32(b[off+4:off+8])) * 2
		rec := b[off+8:]
		if n > len(rec) || n < 4 {
			return nil, fmt.Errorf(".shp: record at byte %d is cut short", off)
		}
		rec = rec[:n]
		off += 8 + n
		switch t := binary.LittleEndian.Uint32(rec[0:4]); t {
		case 0:
			out = append(out, nil)
			continue
		case 5:
		default:
			return nil, fmt.Errorf(".shp: record %d has shape type %d", len(out)+1, t)
		}
		if len(rec) < 44 {
			return nil, fmt.Errorf(".shp: polygon record %d is cut short", len(out)+1)
		}
		parts := int(binary.LittleEndian.Uint32(rec[36:40]))
		points := int(binary.LittleEndian.Uint32(rec[40:44]))
		if parts < 0 || points < 0 || 44+4*parts+16*points > len(rec) {
			return nil, fmt.Errorf(".shp: polygon record %d has %d parts and %d points beyond its length", len(out)+1, parts, points)
		}
		starts := make([]int, parts+1)
		for k := 0; k < parts; k++ {
			starts[k] = int(binary.LittleEndian.Uint32(rec[44+4*k:]))
		}
		starts[parts] = points
		pts := rec[44+4*parts:]
		var rings [][]microDegree
		for k := 0; k < parts; k++ {
			lo, hi := starts[k], starts[k+1]
			if lo < 0 || hi > points || lo > hi {
				return nil, fmt.Errorf(".shp: polygon record %d has a bad part index", len(out)+1)
			}
			ring := make([]microDegree, 0, hi-lo)
			for p := lo; p < hi; p++ {
				x := math.Float64frombits(binary.LittleEndian.Uint64(pts[16*p:]))
				y := math.Float64frombits(binary.LittleEndian.Uint64(pts[16*p+8:]))
				v := microDegree{Lat: int32(math.Round(y * 1e6)), Lng: int32(math.Round(x * 1e6))}
				if n := len(ring); n > 0 && ring[n-1] == v {
					continue
				}
				ring = append(ring, v)
			}
			for len(ring) > 1 && ring[0] == ring[len(ring)-1] {
				ring = ring[:len(ring)-1]
			}
			if len(ring) >= 3 {
				rings = append(rings, ring)
			}
		}
		out = append(out, rings)
	}
	return out, nil
}

// readDBF reads the rows of a dBASE III table whose fields are all read
// as text, trimmed of padding.
func readDBF(b []byte) ([]map[string]string, error) {
	if len(b) < 32 {
		return nil, fmt.Errorf(".dbf: too short")
	}
	n := int(binary.LittleEndian.Uint32(b[4:8]))
	headerLen := int(binary.LittleEndian.Uint16(b[8:10]))
	recLen := int(binary.LittleEndian.Uint16(b[10:12]))
	type field struct {
		name string
		len  int
	}
	var fields []field
	for off := 32; ; off += 32 {
		if off >= len(b) {
			return nil, fmt.Errorf(".dbf: field list has no end")
		}
		if b[off] == 0x0d {
			break
		}
		if off+32 > len(b) {
			return nil, fmt.Errorf(".dbf: field descriptor cut short")
		}
		name := string(bytes.TrimRight(b[off:off+11], "\x00"))
		fields = append(fields, field{name, int(b[off+16])})
	}
	if headerLen+n*recLen > len(b) {
		return nil, fmt.Errorf(".dbf: %d records of %d bytes do not fit", n, recLen)
	}
	rows := make([]map[string]string, n)
	for i := range rows {
		rec := b[headerLen+i*recLen : headerLen+(i+1)*recLen]
		p := 1 // the deletion flag
		row := make(map[string]string, len(fields))
		for _, f := range fields {
			if p+f.len > len(rec) {
				return nil, fmt.Errorf(".dbf: record %d is shorter than its fields", i+1)
			}
			row[f.name] = strings.TrimSpace(string(rec[p : p+f.len]))
			p += f.len
		}
		rows[i] = row
	}
	return rows, nil
}

// simplifyRing drops the vertices of a closed ring that lie within tol
// (millionths of a degree, measured in the longitude-latitude plane) of
// the line through their neighbours that remain (Douglas-Peucker), and
// keeps at least four vertices of a ring that had them. The vertices at
// the indexes pinned are kept whatever their distance. It returns a new
// slice (or r itself when it keeps every vertex).
func simplifyRing(r []microDegree, tol float64, pinned ...int) []microDegree {
	if len(r) <= 4 || tol <= 0 {
		return r
	}
	keep := make([]bool, len(r))
	// The ring is split at its first vertex, the vertex farthest from
	// it and the pinned vertices, and the chains between them are
	// simplified one by one.
	far, best := 0, -1.0
	for i, v := range r {
		dx, dy := float64(v.Lng-r[0].Lng), float64(v.Lat-r[0].Lat)
		if d := dx*dx + dy*dy; d > best {
			far, best = i, d
		}
	}
	keep[0], keep[far] = true, true
	for _, i := range pinned {
		keep[i] = true
	}
	var walk func(a, b int)
	walk = func(a, b int) {
		// Chains run forward from a to b, wrapping at the end.
		n := len(r)
		span := (b - a + n) % n
		if span < 2 {
			return
		}
		pa, pb := r[a], r[b%n]
		ax, ay := float64(pa.Lng), float64(pa.Lat)
		bx, by := float64(pb.Lng), float64(pb.Lat)
		dx, dy := bx-ax, by-ay
		length := math.Hypot(dx, dy)
		idx, dmax := -1, -1.0
		for k := 1; k < span; k++ {
			i := (a + k) % n
			px, py := float64(r[i].Lng), float64(r[i].Lat)
			var d float64
			if length == 0 {
				d = math.Hypot(px-ax, py-ay)
			} else {
				d = math.Abs(dy*px-dx*py+bx*ay-by*ax) / length
			}
			if d > dmax {
				idx, dmax = i, d
			}
		}
		if dmax > tol {
			keep[idx] = true
			walk(a, idx)
			walk(idx, b)
		}
	}
	var ends []int
	for i, k := range keep {
		if k {
			ends = append(ends, i)
		}
	}
	for k, a := range ends {
		if k+1 < len(ends) {
			walk(a, ends[k+1])
		} else {
			walk(a, len(r))
		}
	}
	out := make([]microDegree, 0, len(r)/2)
	for i, v := range r {
		if keep[i] {
			out = append(out, v)
		}
	}
	if len(out) < 4 {
		return r
	}
	return out
}
