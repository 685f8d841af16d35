package civil_test

import (
	"fmt"

	"github.com/levytax/levy/civil"
)

// A date is read and written as YYYY-MM-DD; a day that does not exist,
// such as the 29th of February of a year that is not a leap year, is
// refused.
func ExampleParse() {
	d, err := civil.Parse("2028-02-29")
	fmt.Println(d, err)
	_, err = civil.Parse("2100-02-29")
	fmt.Println(err)
	// Output:
	// 2028-02-29 <nil>
	// civil: "2100-02-29" is not a day of the calendar: February 2100 has 28 days
}

// AddDays moves across the end of a month, a leap day and a year.
func ExampleDate_AddDays() {
	d := civil.MustParse("2028-02-28")
	fmt.Println(d.AddDays(1), d.AddDays(2), civil.MustParse("2026-12-31").AddDays(1))
	// Output: 2028-02-29 2028-03-01 2027-01-01
}

// A period holds both its first and its last day; a zero Expiration
// leaves it open.
func ExamplePeriod_Contains() {
	q3 := civil.Period{Effective: civil.MustParse("2026-07-01"), Expiration: civil.MustParse("2026-09-30")}
	open := civil.Period{Effective: civil.MustParse("2026-07-01")}
	for _, s := range []string{"2026-06-30", "2026-07-01", "2026-09-30", "2026-10-01", "9999-12-31"} {
		d := civil.MustParse(s)
		fmt.Println(s, q3.Contains(d), open.Contains(d))
	}
	// Output:
	// 2026-06-30 false false
	// 2026-07-01 true true
	// 2026-09-30 true true
	// 2026-10-01 false true
	// 9999-12-31 false true
}

// Dates before 1970 and before 1900 count their days back from
// 1970-01-01.
func ExampleDate_Days() {
	for _, s := range []string{"1970-01-01", "1969-12-31", "1899-12-31", "9999-12-31"} {
		d := civil.MustParse(s)
		fmt.Println(s, d.Days(), civil.FromDays(d.Days()) == d)
	}
	// Output:
	// 1970-01-01 0 true
	// 1969-12-31 -1 true
	// 1899-12-31 -25568 true
	// 9999-12-31 2932896 true
}
