// Package taxarea finds the tax area of a place: the set of jurisdictions
// that impose tax there on a given date.
//
// A Resolver answers five kinds of search, each as of a date: by postal
// address, by coordinates, by tax area ID, by a government's jurisdiction
// code, and many of these in one batch. It also reports which tax areas
// changed between two dates. Results use the v2 wire types (package wire)
// (LookupResult and friends), so the HTTP adapter only encodes them.
//
// # Tax areas and their IDs
//
// The tax area of a jurisdiction J is J with all its ancestors: a county's
// area is {country, state, county}; a city's adds the city. Every tax area a
// lookup can return is the area of some jurisdiction of the dataset, so the
// set of tax areas is known when a Resolver is built.
//
// A taxAreaId is a decimal number computed from the set of jurisdiction IDs
// alone: the 64-bit FNV-1a hash of the IDs, sorted and joined by "|", keeping
// the low 53 bits (so that it survives clients that read JSON numbers as
// doubles). The same set of jurisdictions gives the same ID on every run and
// every rebuild of the data; a change to the set (a new city, say) gives a
// new ID. Building a Resolver fails if two areas of the dataset would share
// an ID.
//
// # Coordinates
//
// Each boundary of the dataset is an s2.LaxPolygon whose loops are
// normalised so that the interior is on the left (outer rings
// counter-clockwise, holes clockwise), and containment follows S2's
// semi-open vertex model, so a point on a shared border belongs to exactly
// one side. The data generator puts each boundary in an s2.ShapeIndex and
// derives from it a table of S2 cells per layer (BuildCellTables): a cell
// lies wholly inside one boundary, or lists the boundaries whose edges meet
// it with those edges and whether each contains the cell's centre. A
// lookup finds the point's cell and, where edges pass through it, counts
// the edges crossed between the centre and the point, exactly as
// s2.ContainsPointQuery does inside an index cell but without allocating;
// a test compares the two on thousands of points. Layers are tried from the
// finest: US counties, then US states, Canadian provinces, countries. A
// point in the open sea has no jurisdictions; that is a result, not an
// error. A point a few kilometres off the generalised coastline of the
// sources takes the nearest boundary, with a lower confidence; one within
// the boundary of a country whose states or provinces have boundaries
// (the US, Canada, Brazil) but far from all of them (the middle of Lake
// Michigan) is resolved to the country alone, at confidence 40, with a
// status that says only the country could be told. Within a
// US county, the point is then located among the Census places whose tax
// differs from the county's (layer LayerUSPlace, 2015 boundaries
// simplified to about 20 m), and its tax area is that of the county and
// the place, or of the county outside its places. Where some of a
// county's taxing places have no boundaries (Vermont's towns), the
// confidence (90) says the point was resolved to its county only.
//
// # Addresses
//
// Addresses are cleansed (country as ISO alpha-2, alpha-3 or English name in
// any case; state and province names or postal abbreviations; ZIP and
// ZIP+4; spacing and case) and resolved through the ZIP table (with the
// Census relationships for ZIPs that span counties) and the US local
// table (data.Local). A ZIP that contradicts the state reports
// BAD_REGION_FIELDS and the ZIP wins, unless the ZIP's land crosses
// into that state (42223, Fort Campbell, Kentucky and Tennessee): the
// state named then keeps its counties, and each result's address names
// its county's state. A subDivision naming another county of the state
// than the ZIP's (or the city's) reports BAD_REGION_FIELDS. A ZIP that
// spans counties gives one result per county, largest land share first. In each county the city
// named picks the place of that name (incorporated places first, a
// census-designated place being unincorporated); a name that is no place
// of the county gets the county's unincorporated area with confidence 80.
// A city that does not contain the ZIP code (a place of the state that
// is neither the ZIP code's postal name nor the place it mainly serves,
// whose Census boundary passes farther from the ZIP code's point than
// the ZIP code reaches, or that lies in none of its counties) reports
// BAD_REGION_FIELDS with confidence 50: the ZIP code decides when the
// city lies in another county or more than twice the reach away, the
// city when nearer, and the other is the last result (confidence 40).
// Without a city, the place the ZIP code mainly serves comes first
// (confidence 60, with a status saying the area depends on the street
// address), then the county outside its places. A state whose areas a
// user's content gives by ZIP code and ZIP+4 range is resolved by them;
// there a city without a ZIP code, and a point, get the county's area
// without the content's city and district taxes, at confidence 50 with a
// status saying so.
// A result with any status but NORMAL has at most confidence 90.
//
// # Countries in another's VAT area
//
// A place in a country that lies in another country's VAT area on the
// lookup's date (jurisdiction.VATGeography.VATArea: Monaco in France's, the Isle of
// Man in the United Kingdom's) gets that country's tax area, whatever the
// kind of lookup, with a NORMAL status that names both; an address keeps
// its own country. So does a VAT special territory of a country in
// another's VAT area: a Büsingen postcode (78266) gives Switzerland's area.
//
// Outside the US and Canada an address whose postcode matches one of the
// dataset's exceptions (data.VATException) gets the special territory's
// area (the Canary Islands, Madeira, Martinique); the postcode is matched
// without its spaces and hyphens, so Portugal's 9000-060 is Madeira's.
// Without a postcode, a mainDivision or city that names the territory
// (Canarias, ES-CN, Åland, Ceuta, Livigno) places the address there;
// beside a postcode outside it, the postcode wins and the name is
// flagged BAD_REGION_FIELDS.
//
// A Resolver is immutable after New and safe for concurrent use. Like the
// dataset's tables, its own (tax areas, cell tables, boundary edges) hold
// positions and offsets rather than pointers, so that garbage collections
// of the program need not scan them.
package taxarea
