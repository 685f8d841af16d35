// Package jurisdiction is Levy's model of the governments that impose tax:
// countries, states, provinces, territories, counties, cities and districts,
// with their parents, their governments' own codes and the dates they exist.
//
// # Jurisdiction IDs
//
// Every jurisdiction has an ID that is stable across builds of the dataset and
// readable by a person. The scheme is:
//
//	country                       ISO 3166-1 alpha-2            "US", "DE", "CA"
//	state, province, territory    ISO 3166-2                    "US-CA", "US-PR", "CA-ON"
//	US county (parish, borough)   "US-" + 5-digit county FIPS   "US-06037"
//	US city with a FIPS code      "US-" + 7-digit place FIPS    "US-2743000"
//	US city without a FIPS code   "US-" + state + "-CITY-" + name   "US-CA-CITY-LOS_ANGELES"
//	US special district           "US-" + state + "-D" + code    "US-MN-D80001"
//	area-only US district         county ID + "-" + suffix       "US-06037-UNINC"
//	special tax territory         ISO 3166-2 where one exists    "ES-CN"; else CC + "-X-" + name
//
// Names in IDs are upper case with runs of anything but letters and digits
// replaced by one underscore (see Slug).
//
// # External codes
//
// ExternalCode holds the government's own code, sent on the wire as
// externalJurisdictionCode: US FIPS codes (state 2 digits, county 5, place
// 7), ISO 3166-1 alpha-2 for countries and ISO 3166-2 for subdivisions of
// other countries.
//
// All types here are plain values; a Jurisdiction is never mutated after the
// dataset is loaded and is safe to share between goroutines.
package jurisdiction
