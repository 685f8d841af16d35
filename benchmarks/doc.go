// Package benchmarks compares Levy's coordinate lookups with a peer
// implementation, so that the peer never becomes a dependency of the
// library: this folder is a Go module of its own that requires Levy through
// a replace directive.
//
// The peer is what the Tile38 geofencing server does to answer a point
// query: every boundary becomes tidwall/geojson polygons (geometry.Poly,
// with its default quadtree index over the edges of rings of 64 points or
// more) behind a tidwall/rtree R-tree keyed by each polygon's bounding box.
// Polygons are planar in longitude and latitude, where Levy's are S2
// polygons on the sphere.
//
// The package holds only tests and benchmarks; README.md lists the figures
// and the commands that reproduce them:
//
//	go test -run '^$' -bench . -benchmem
package benchmarks
