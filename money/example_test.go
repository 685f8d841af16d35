package money_test

import (
	"encoding/json"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

func ExampleParse() {
	a, err := money.Parse("19.90")
	if err != nil {
		panic(err)
	}
	b, _ := money.Parse("1e-7")
	fmt.Println(a, b)
	// Output: 19.90 0.0000001
}

func ExampleAmount_MulRate() {
	price, _ := money.Parse("19.99")
	tax := price.MulRate(decimal.RequireFromString("0.0825"))
	fmt.Println(tax, tax.Round(2, money.HalfUp))
	// Output: 1.649175 1.65
}

func ExampleAmount_Round() {
	for _, s := range []string{"2.345", "-2.345"} {
		a, _ := money.Parse(s)
		fmt.Println(a.Round(2, money.HalfUp), a.Round(2, money.HalfEven), a.Round(2, money.Up), a.Round(2, money.Down))
	}
	// Output:
	// 2.35 2.34 2.35 2.34
	// -2.35 -2.34 -2.35 -2.34
}

func ExampleAmount_RoundTo() {
	jpy := money.Currency{Alpha: "JPY", Numeric: 392, Name: "Yen", MinorUnits: 0}
	kwd := money.Currency{Alpha: "KWD", Numeric: 414, Name: "Kuwaiti Dinar", MinorUnits: 3}
	a, _ := money.Parse("1234.5678")
	fmt.Println(a.RoundTo(jpy, money.HalfUp), a.RoundTo(kwd, money.HalfUp))
	// Output: 1235 1234.568
}

func ExampleAmount_Div() {
	a, _ := money.Parse("100.00")
	third, err := a.Div(money.FromInt(3), 2, money.HalfUp)
	if err != nil {
		panic(err)
	}
	fmt.Println(third)
	// Output: 33.33
}

func ExampleAmount_MarshalJSON() {
	net, _ := money.Parse("100.00")
	tax, _ := money.Parse("8.25")
	b, _ := json.Marshal(map[string]money.Amount{"net": net, "tax": tax})
	fmt.Println(string(b))

	var in struct{ Total money.Amount }
	err := json.Unmarshal([]byte(`{"Total": "108.25"}`), &in)
	fmt.Println(err != nil)
	// Output:
	// {"net":100.00,"tax":8.25}
	// true
}

func ExampleAllocate() {
	total, _ := money.Parse("100.00")
	one := decimal.NewFromInt(1)
	parts, err := money.Allocate(total, []decimal.Decimal{one, one, one}, 2)
	if err != nil {
		panic(err)
	}
	fmt.Println(parts)
	// Output: [33.34 33.33 33.33]
}

func ExampleCurrencies() {
	table, err := money.NewCurrencies([]money.Currency{
		{Alpha: "EUR", Numeric: 978, Name: "Euro", MinorUnits: 2},
		{Alpha: "XAU", Numeric: 959, Name: "Gold", MinorUnits: money.NoMinorUnits},
	})
	if err != nil {
		panic(err)
	}
	eur, _ := table.ByAlpha(" eur ")
	gold, _ := table.ByNumeric(959)
	a, _ := money.Parse("10.0049")
	fmt.Println(eur.Name, a.RoundTo(eur, money.HalfUp))
	fmt.Println(gold.Name, a.RoundTo(gold, money.HalfUp))
	// Output:
	// Euro 10.00
	// Gold 10.0049
}

func ExampleCurrency_InUseOn() {
	kuna := money.Currency{Alpha: "HRK", Numeric: 191, Name: "Kuna", MinorUnits: 2,
		Withdrawn: civil.MustParse("2023-01-01"), Successor: "EUR"}
	for _, d := range []string{"2022-12-31", "2023-01-01"} {
		fmt.Println(d, kuna.InUseOn(civil.MustParse(d)))
	}
	// Output:
	// 2022-12-31 true
	// 2023-01-01 false
}
