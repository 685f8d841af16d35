module github.com/levytax/levy/benchmarks

go 1.26.8

require (
	github.com/levytax/levy v0.0.0
	github.com/tidwall/geojson v1.4.5
	github.com/tidwall/rtree v1.10.0
)

require (
	github.com/golang/geo v0.0.0-20260818125358-b200a1149890 // indirect
	github.com/shopspring/decimal v1.6.0 // indirect
	github.com/tidwall/geoindex v1.7.0 // indirect
)

replace github.com/levytax/levy => ../
