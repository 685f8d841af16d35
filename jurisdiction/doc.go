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
//	US city, town, village        "US-" + 7-digit Census place GEOID   "US-2743000"
//	US town (county subdivision)  "US-" + 10-digit subdivision code    "US-5000714875"
//	US special district           "US-" + state + "-D" + code    "US-MN-D80008"
//	  without a government code   "US-" + state + "-D-" + name   "US-TX-D-HARRIS_CO_ESD_11"
//	area-only US district         county ID + "-" + suffix       "US-06029-UNINC"
//	loaded ZIP table region part  "US-" + state + "-Z-" + region + "-" + part   "US-WA-Z-BELLEVUE-CITY"
//	special tax territory         ISO 3166-2 where one exists    "ES-CN"; else CC + "-X-" + name
//
// Names in IDs are upper case with runs of anything but letters and digits
// replaced by one underscore (see Slug).
//
// # External codes
//
// ExternalCode holds the government's own code, sent on the wire as
// externalJurisdictionCode: US FIPS codes (state 2 digits, county 5, place
// 7, county subdivision 10), a district's code where its state gives one,
// ISO 3166-1 alpha-2 for countries and ISO 3166-2 for subdivisions of
// other countries.
//
// # Dated facts
//
// Facts about jurisdictions that the calculation needs besides rates are
// data with dates here, not constants of the engine: which countries
// belong to the European Union's VAT area on a date (EUMember), and the
// union-wide threshold of cross-border sales to consumers
// (EUDistanceThreshold). How each US state sources a sale (origin or
// destination, level by level) is data of the dataset's US local part
// (data.LocalState), built from the states' own publications.
//
// All types here are plain values; a Jurisdiction is never mutated after the
// dataset is loaded and is safe to share between goroutines.
package jurisdiction
