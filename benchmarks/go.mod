module github.com/levytax/levy/benchmarks

go 1.26.8

require github.com/levytax/levy v0.0.0

require (
	github.com/tidwall/geoindex v1.7.0 // indirect
	github.com/tidwall/geojson v1.4.5 // indirect
	github.com/tidwall/gjson v1.12.1 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.0 // indirect
	github.com/tidwall/rtree v1.10.0 // indirect
	github.com/tidwall/sjson v1.2.4 // indirect
)

replace github.com/levytax/levy => ../
