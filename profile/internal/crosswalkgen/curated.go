package main

// The curated crosswalks from standard product codes to Levy's product
// classes. Each rule names codes of the source files (the generator
// fails when a code is not there) and the class they map to; a code
// maps to a class only where the class is unambiguous, so that a code
// Levy cannot place stays unmapped (taxed as GENERAL and flagged, as an
// unknown class is) rather than mapped to a class that might exempt what
// is taxed or tax what is exempt.

// version is the version of the crosswalks, raised with each change of
// the rules below or of their sources.
const version = "2026.12.2"

// ticRule maps the TIC codes from..to (inclusive, five digits each) of
// the source to class. A rule whose withoutRx is set leaves out the codes
// whose name says "without a prescription": Levy's medical classes are
// exempt in some states only on a prescription, which a certificate
// claims, so an item sold without one is not placed in them.
type ticRule struct {
	from, to  string
	class     string
	withoutRx bool
	why       string
}

// ticRules are the TIC crosswalk. The TIC numbering is that of the
// Streamlined Sales Tax product definitions (Appendix C of the
// Agreement); the classes of Levy follow the same definitions (rules/
// classes.go).
var ticRules = []ticRule{
	{from: "20010", to: "20015", class: "CLOTHING", why: "clothing, including essential clothing under a state's price threshold (the threshold is the state rule's, not the code's)"},
	{from: "20020", class: "CLOTHING_ACCESSORIES", why: "clothing accessories or equipment"},
	{from: "20030", to: "20040", class: "PROTECTIVE_CLOTHING", why: "protective equipment; sport or recreational equipment (Levy's PROTECTIVE_CLOTHING holds sport-specific gear)"},
	{from: "30015", to: "30035", class: "CUSTOM_SOFTWARE", why: "non-prewritten (custom) software, however delivered"},
	{from: "30040", to: "30060", class: "PREWRITTEN_SOFTWARE", why: "prewritten software, on a medium, downloaded or load and leave"},
	{from: "30070", class: "SAAS", why: "remote access to software"},
	{from: "30100", class: "ELECTRONICS", why: "computers"},
	{from: "31000", class: "DIGITAL_GOODS", why: "products transferred electronically"},
	{from: "31040", class: "DIGITAL_VIDEO", why: "digital audio-visual works with rights for permanent use"},
	{from: "31050", to: "31060", class: "DIGITAL_STREAMING", why: "digital audio-visual works with rights of less than permanent use or conditioned on continued payments"},
	{from: "31070", class: "DIGITAL_MUSIC", why: "digital audio works with rights for permanent use"},
	{from: "31080", to: "31090", class: "DIGITAL_STREAMING", why: "digital audio works with rights of less than permanent use or conditioned on continued payments"},
	{from: "31099", to: "31120", class: "EBOOKS", why: "digital books sold to end users (Levy has one class for books delivered electronically)"},
	{from: "40010", class: "CANDY", why: "candy"},
	{from: "40020", class: "DIETARY_SUPPLEMENTS", why: "dietary supplements"},
	{from: "40030", class: "FOOD", why: "food and food ingredients"},
	{from: "40050", class: "SOFT_DRINKS", why: "soft drinks"},
	{from: "40060", class: "BOTTLED_WATER", why: "bottled water"},
	{from: "41000", class: "PREPARED_FOOD", why: "prepared food"},
	{from: "41010", to: "41030", class: "FOOD", why: "the items the definition of prepared food leaves out (sold without utensils by manufacturers, unheated by weight, bakery items): food"},
	{from: "51020", class: "PRESCRIPTION_DRUGS", why: "drugs for human use with a prescription"},
	{from: "51060", class: "PRESCRIPTION_DRUGS", why: "insulin for human use with a prescription"},
	{from: "51100", class: "PRESCRIPTION_DRUGS", why: "medical oxygen for human use with a prescription"},
	{from: "51130", class: "OTC_DRUGS", why: "over-the-counter drugs for human use without a prescription"},
	{from: "51140", class: "PRESCRIPTION_DRUGS", why: "over-the-counter drugs for human use sold on a prescription"},
	{from: "52000", to: "52480", class: "MEDICAL_EQUIPMENT", withoutRx: true, why: "durable medical equipment, oxygen delivery equipment, kidney dialysis equipment and enteral feeding systems (not their repair parts, 52490)"},
	{from: "53000", to: "53060", class: "MEDICAL_EQUIPMENT", withoutRx: true, why: "mobility enhancing equipment"},
	{from: "54000", to: "54300", class: "MEDICAL_DEVICES", withoutRx: true, why: "prosthetic devices, corrective eyeglasses, contact lenses, hearing aids and dental prostheses"},
}

// hsRule maps an HS chapter (2 digits), heading (4) or subheading (6) of
// the source to class; class "" says the code maps to no class, which
// stops a broader rule (the chapter of a heading) from placing it. The
// longest rule that matches a code wins.
type hsRule struct {
	code  string
	class string
	why   string
}

// hsRules are the HS crosswalk.
var hsRules = []hsRule{
	{"02", "FOOD", "meat and edible offal"},
	{"03", "FOOD", "fish and crustaceans"},
	{"0301", "", "live fish, ornamental ones included"},
	{"04", "FOOD", "dairy produce, eggs, honey"},
	{"040711", "", "eggs fertilised for incubation"},
	{"040719", "", "eggs fertilised for incubation"},
	{"07", "FOOD", "edible vegetables"},
	{"070110", "", "seed potatoes"},
	{"08", "FOOD", "edible fruit and nuts"},
	{"09", "FOOD", "coffee, tea, spices"},
	{"11", "FOOD", "products of the milling industry"},
	{"16", "FOOD", "preparations of meat and fish"},
	{"1701", "FOOD", "cane or beet sugar"},
	{"1702", "FOOD", "other sugars and syrups"},
	{"1703", "FOOD", "molasses"},
	{"1704", "CANDY", "sugar confectionery without cocoa"},
	{"1801", "FOOD", "cocoa beans"},
	{"1803", "FOOD", "cocoa paste"},
	{"1804", "FOOD", "cocoa butter"},
	{"1805", "FOOD", "cocoa powder without sugar"},
	{"19", "FOOD", "preparations of cereals, flour, starch or milk; bakers' wares"},
	{"20", "FOOD", "preparations of vegetables, fruit and nuts"},
	{"2006", "", "fruit, nuts and peel preserved by sugar (glacé, crystallised), which may be candy"},
	{"2009", "", "fruit and vegetable juices, which may be soft drinks"},
	{"2101", "FOOD", "extracts of coffee and tea"},
	{"2102", "FOOD", "yeasts"},
	{"2103", "FOOD", "sauces and condiments"},
	{"2104", "FOOD", "soups and broths"},
	{"2105", "FOOD", "ice cream"},
	{"420310", "CLOTHING", "articles of apparel of leather"},
	{"420321", "PROTECTIVE_CLOTHING", "gloves designed for use in sports"},
	{"420330", "CLOTHING", "belts (clothing under the SST definitions)"},
	{"420221", "CLOTHING_ACCESSORIES", "handbags"},
	{"420222", "CLOTHING_ACCESSORIES", "handbags"},
	{"420229", "CLOTHING_ACCESSORIES", "handbags"},
	{"420231", "CLOTHING_ACCESSORIES", "wallets and articles carried in the pocket or handbag"},
	{"420232", "CLOTHING_ACCESSORIES", "wallets and articles carried in the pocket or handbag"},
	{"420239", "CLOTHING_ACCESSORIES", "wallets and articles carried in the pocket or handbag"},
	{"4903", "BOOKS", "children's picture, drawing or colouring books"},
	{"490191", "BOOKS", "dictionaries and encyclopaedias"},
	{"490210", "NEWSPAPERS", "newspapers appearing at least four times a week"},
	{"61", "CLOTHING", "apparel, knitted or crocheted"},
	{"6111", "CHILDRENS_CLOTHING", "babies' garments and clothing accessories, knitted or crocheted"},
	{"6112", "", "track suits, ski suits and swimwear: athletic or sport-specific"},
	{"6113", "", "garments of coated fabrics, protective ones among them"},
	{"611510", "", "graduated compression hosiery, a medical item in some states"},
	{"6116", "", "gloves, work and protective gloves among them"},
	{"6117", "", "made-up clothing accessories and parts"},
	{"62", "CLOTHING", "apparel, not knitted or crocheted"},
	{"6209", "CHILDRENS_CLOTHING", "babies' garments and clothing accessories, not knitted or crocheted"},
	{"6210", "", "garments of felt, non-wovens or coated fabrics, protective ones among them"},
	{"6211", "", "track suits, ski suits and swimwear: athletic or sport-specific"},
	{"6213", "CLOTHING_ACCESSORIES", "handkerchiefs (an accessory under the SST definitions)"},
	{"6216", "", "gloves, work and protective gloves among them"},
	{"6217", "", "made-up clothing accessories and parts"},
	{"64", "CLOTHING", "footwear"},
	{"640212", "", "ski boots and snowboard boots: sport or recreational equipment"},
	{"640219", "", "other sports footwear"},
	{"640312", "", "ski boots and snowboard boots: sport or recreational equipment"},
	{"640319", "", "other sports footwear"},
	{"640411", "", "sports footwear: everyday sneakers or athletic shoes"},
	{"6406", "", "parts of footwear"},
	{"6504", "CLOTHING", "hats, plaited"},
	{"6505", "CLOTHING", "hats, knitted or of textile"},
	{"650610", "PROTECTIVE_CLOTHING", "safety headgear"},
	{"650691", "CLOTHING", "other headgear"},
	{"650699", "CLOTHING", "other headgear"},
	{"660191", "CLOTHING_ACCESSORIES", "umbrellas (not garden umbrellas)"},
	{"660199", "CLOTHING_ACCESSORIES", "umbrellas (not garden umbrellas)"},
	{"6704", "CLOTHING_ACCESSORIES", "wigs and hair pieces"},
	{"7113", "CLOTHING_ACCESSORIES", "jewellery"},
	{"7117", "CLOTHING_ACCESSORIES", "imitation jewellery"},
	{"82", "GENERAL", "tools, implements, cutlery"},
	{"844331", "ELECTRONICS", "printers, copiers and fax machines, multi-function"},
	{"844332", "ELECTRONICS", "printers, copiers and fax machines, connectable to a computer"},
	{"8471", "ELECTRONICS", "computers and their units"},
	{"8517", "ELECTRONICS", "telephones, smartphones and network apparatus"},
	{"8518", "ELECTRONICS", "microphones, loudspeakers, headphones, amplifiers"},
	{"8519", "ELECTRONICS", "sound recording or reproducing apparatus"},
	{"8521", "ELECTRONICS", "video recording or reproducing apparatus"},
	{"8527", "ELECTRONICS", "radio receivers"},
	{"8528", "ELECTRONICS", "monitors, projectors and televisions"},
	{"8713", "MEDICAL_EQUIPMENT", "wheelchairs (carriages for disabled persons)"},
	{"900130", "MEDICAL_DEVICES", "contact lenses"},
	{"902121", "MEDICAL_DEVICES", "artificial teeth"},
	{"902129", "MEDICAL_DEVICES", "dental fittings"},
	{"902131", "MEDICAL_DEVICES", "artificial joints"},
	{"902139", "MEDICAL_DEVICES", "artificial parts of the body"},
	{"902140", "MEDICAL_DEVICES", "hearing aids"},
	{"902150", "MEDICAL_DEVICES", "pacemakers"},
	{"9101", "CLOTHING_ACCESSORIES", "watches, cased in precious metal"},
	{"9102", "CLOTHING_ACCESSORIES", "watches"},
	{"9401", "FURNITURE", "seats"},
	{"940110", "", "aircraft seats"},
	{"940120", "", "motor vehicle seats"},
	{"940191", "", "parts of seats"},
	{"940199", "", "parts of seats"},
	{"9403", "FURNITURE", "other furniture"},
	{"9404", "FURNITURE", "mattresses and bedding"},
	{"940511", "FURNITURE", "ceiling and wall lamps"},
	{"940519", "FURNITURE", "ceiling and wall lamps"},
	{"940521", "FURNITURE", "table, desk, bedside and floor lamps"},
	{"940529", "FURNITURE", "table, desk, bedside and floor lamps"},
	{"9503", "GENERAL", "toys"},
	{"950450", "ELECTRONICS", "video game consoles"},
}
