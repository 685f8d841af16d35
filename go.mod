module github.com/levytax/levy

go 1.26.8

require (
	github.com/golang/geo v0.0.0-20260818125358-b200a1149890
	github.com/shopspring/decimal v1.6.0
)

require github.com/expr-lang/expr v1.17.8
