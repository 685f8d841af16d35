package rules

import (
	"fmt"
	"strings"
)

// The built-in product classes. A host may use its own class codes as
// well; rules select them by name, and a class that no rule names is
// taxed as GENERAL.
const (
	General            = "GENERAL"
	Electronics        = "ELECTRONICS"
	Furniture          = "FURNITURE"
	Food               = "FOOD"
	PreparedFood       = "PREPARED_FOOD"
	Candy              = "CANDY"
	SoftDrinks         = "SOFT_DRINKS"
	BottledWater       = "BOTTLED_WATER"
	DietarySupplements = "DIETARY_SUPPLEMENTS"
	Clothing           = "CLOTHING"
	ClothingAccessory  = "CLOTHING_ACCESSORIES"
	AthleticClothing   = "ATHLETIC_CLOTHING"
	FormalClothing     = "FORMAL_CLOTHING"
	ProtectiveClothing = "PROTECTIVE_CLOTHING"
	ChildrensClothing  = "CHILDRENS_CLOTHING"
	PrescriptionDrugs  = "PRESCRIPTION_DRUGS"
	OTCDrugs           = "OTC_DRUGS"
	MedicalEquipment   = "MEDICAL_EQUIPMENT"
	MedicalDevices     = "MEDICAL_DEVICES"
	Diapers            = "DIAPERS"
	MenstrualProducts  = "MENSTRUAL_PRODUCTS"
	Books              = "BOOKS"
	Textbooks          = "TEXTBOOKS"
	Newspapers         = "NEWSPAPERS"
	Magazines          = "MAGAZINES"
	PrewrittenSoftware = "PREWRITTEN_SOFTWARE"
	CustomSoftware     = "CUSTOM_SOFTWARE"
	SaaS               = "SAAS"
	DigitalGoods       = "DIGITAL_GOODS"
	DigitalStreaming   = "DIGITAL_STREAMING"
	DigitalMusic       = "DIGITAL_MUSIC"
	DigitalVideo       = "DIGITAL_VIDEO"
	EBooks             = "EBOOKS"
	Services           = "SERVICES"
	ProfessionalServ   = "PROFESSIONAL_SERVICES"
	RepairServices     = "REPAIR_SERVICES"
	PersonalCare       = "PERSONAL_CARE_SERVICES"
	Accommodation      = "ACCOMMODATION"
	DataProcessing     = "DATA_PROCESSING"
	WebHosting         = "WEB_HOSTING"
	AIServices         = "AI_SERVICES"
	Telecommunications = "TELECOMMUNICATIONS"
	// The classes of the domestic reverse charges (VAT Directive,
	// articles 199 and 199a; the United Kingdom's VAT Act 1994, section
	// 55A): where no rule names one, the goods follow ELECTRONICS or
	// GENERAL and the services SERVICES.
	MobilePhones        = "MOBILE_PHONES"
	IntegratedCircuits  = "INTEGRATED_CIRCUITS"
	TabletComputers     = "TABLET_COMPUTERS"
	Laptops             = "LAPTOPS"
	GameConsoles        = "GAME_CONSOLES"
	ScrapMetal          = "SCRAP_METAL"
	WholesaleEnergy     = "WHOLESALE_GAS_ELECTRICITY"
	EmissionAllowances  = "EMISSION_ALLOWANCES"
	ConstructionService = "CONSTRUCTION_SERVICES"
	BuildingCleaning    = "BUILDING_CLEANING"
)

// ClassInfo describes a built-in product class for the sellers who pick
// one: what it covers, examples, and what to pick when unsure.
type ClassInfo struct {
	Class    string
	Covers   string
	Examples string
	// Unsure says what a seller should pick when an item may not belong.
	Unsure string
	// Parent is the class whose rules apply where no rule names this one
	// (TEXTBOOKS follows BOOKS); "" for none.
	Parent string
	// Service reports whether the class is a service rather than goods,
	// for the place-of-supply rules of VAT and GST; Digital whether it is
	// supplied electronically.
	Service, Digital bool
	// AtProperty reports whether the class is a service connected with
	// immovable property, supplied where the property is for every
	// customer, business or consumer (VAT Directive, article 47): a line
	// of it is taxed at the seller's physical origin, the property, and
	// never at the customer's address nor under a reverse charge.
	AtProperty bool
}

// Classes is the catalogue of the built-in product classes, in the order
// of the documentation.
var Classes = []ClassInfo{
	{Class: General, Covers: "tangible goods with no more specific class", Examples: "tools, toys, kitchenware, sporting goods, household goods", Unsure: "GENERAL: it is taxed wherever goods are, the safe default"},
	{Class: Electronics, Covers: "consumer electronics and their parts", Examples: "phones, laptops, televisions, cables, printers", Unsure: "ELECTRONICS: taxed as goods everywhere, and the class that back-to-school holidays on computers exempt"},
	{Class: Furniture, Covers: "furniture and furnishings", Examples: "sofas, desks, mattresses, lamps, rugs", Unsure: "GENERAL when the item is not mainly furniture"},
	{Class: Food, Covers: "food and food ingredients for home consumption (groceries), without candy, soft drinks, supplements or prepared food", Examples: "bread, produce, meat, milk, flour, coffee beans", Unsure: "PREPARED_FOOD for anything heated, served or sold with utensils; CANDY or SOFT_DRINKS for sweets and drinks"},
	{Class: PreparedFood, Covers: "food sold ready to eat: heated, mixed by the seller, served, or sold with eating utensils", Examples: "restaurant meals, take-out, deli sandwiches, hot coffee", Unsure: "PREPARED_FOOD: most states tax it at least at the general rate"},
	{Class: Candy, Covers: "candy and confectionery (sweeteners with other ingredients, in bars, drops or pieces, without flour)", Examples: "chocolate bars, gum, hard candy, gummies", Unsure: "CANDY for anything sold as a sweet; FOOD only when it holds flour or needs refrigeration"},
	{Class: SoftDrinks, Covers: "non-alcoholic beverages with natural or artificial sweeteners", Examples: "soda, sweetened tea, energy drinks, fruit drinks under 50% juice", Unsure: "SOFT_DRINKS for any sweetened drink; FOOD for milk and more than 50% juice"},
	{Class: BottledWater, Covers: "plain, unsweetened, unflavoured bottled water", Examples: "spring water, mineral water, distilled water in sealed containers", Unsure: "SOFT_DRINKS when flavoured, sweetened or carbonated"},
	{Class: DietarySupplements, Covers: "products labelled with a Supplement Facts panel", Examples: "vitamins, protein powders, herbal supplements", Unsure: "FOOD when the label is a Nutrition Facts panel"},
	{Class: Clothing, Covers: "everyday wearing apparel and footwear", Examples: "shirts, jeans, dresses, coats, shoes, socks", Unsure: "CLOTHING; CLOTHING_ACCESSORIES for what is carried or worn as an ornament; PROTECTIVE_CLOTHING for safety or sport-specific gear"},
	{Class: ClothingAccessory, Covers: "clothing accessories and equipment", Examples: "handbags, belts, jewellery, watches, wallets, sunglasses", Unsure: "CLOTHING_ACCESSORIES: most states tax them where clothing is exempt"},
	{Class: AthleticClothing, Covers: "sport and athletic apparel suited to everyday wear", Examples: "running shorts, leotards, team jerseys, sneakers", Unsure: "CLOTHING for what is worn every day; PROTECTIVE_CLOTHING for sport-specific gear"},
	{Class: FormalClothing, Covers: "formal wear", Examples: "suits, gowns, tuxedos, dress shirts", Unsure: "CLOTHING: the states that tell formal wear apart tax it the same"},
	{Class: ProtectiveClothing, Covers: "protective equipment and sport-specific gear, not everyday wear", Examples: "helmets, safety boots, welding gloves, shin guards, ski boots", Unsure: "PROTECTIVE_CLOTHING when it protects or is made for one sport"},
	{Class: ChildrensClothing, Covers: "clothing and footwear designed for young children, in children's sizes", Examples: "babywear, children's coats, school uniforms in children's sizes, children's shoes", Unsure: "CLOTHING for adult sizes, even when bought for a child: the zero rates and rebates that name this class reach children's sizes only; where no rule names it (every US state) it follows CLOTHING", Parent: Clothing},
	{Class: PrescriptionDrugs, Covers: "drugs sold on a prescription", Examples: "prescribed medicines, insulin", Unsure: "OTC_DRUGS when no prescription is needed"},
	{Class: OTCDrugs, Covers: "drugs sold without a prescription, with a Drug Facts label", Examples: "pain relievers, cold medicine, antacids", Unsure: "GENERAL for cosmetics and toiletries without a Drug Facts label"},
	{Class: MedicalEquipment, Covers: "durable medical equipment and mobility enhancing equipment", Examples: "wheelchairs, hospital beds, walkers, oxygen equipment", Unsure: "MEDICAL_EQUIPMENT; many states exempt it only on a prescription, which the buyer's exemption certificate claims"},
	{Class: MedicalDevices, Covers: "prosthetic and other medical devices", Examples: "hearing aids, prosthetic limbs, glucose monitors, contact lenses", Unsure: "MEDICAL_EQUIPMENT for durable equipment that is not worn or implanted"},
	{Class: Diapers, Covers: "diapers and incontinence products", Examples: "baby diapers, adult briefs, underpads", Unsure: "DIAPERS; some states exempt only children's diapers (the decision of the state says so)"},
	{Class: MenstrualProducts, Covers: "menstrual and feminine hygiene products", Examples: "tampons, pads, panty liners, menstrual cups", Unsure: "GENERAL for period underwear, which most exemptions leave out"},
	{Class: Books, Covers: "printed books", Examples: "novels, cookbooks, bibles, children's books", Unsure: "BOOKS; TEXTBOOKS for course materials; EBOOKS when delivered electronically"},
	{Class: Textbooks, Covers: "textbooks required for a course", Examples: "college textbooks, course packs", Unsure: "BOOKS when not required for a course", Parent: Books},
	{Class: Newspapers, Covers: "newspapers", Examples: "daily and weekly newspapers, single copies and subscriptions", Unsure: "MAGAZINES for periodicals that are not newspapers"},
	{Class: Magazines, Covers: "magazines and other periodicals", Examples: "monthly magazines, journals, subscriptions", Unsure: "NEWSPAPERS for a periodical that is mainly news"},
	{Class: PrewrittenSoftware, Covers: "prewritten (canned) software, on a medium or downloaded, with a permanent licence", Examples: "packaged office software, games, operating systems", Unsure: "SAAS when used remotely by subscription; CUSTOM_SOFTWARE when written for one customer"},
	{Class: CustomSoftware, Covers: "software written for one customer", Examples: "bespoke applications, custom integrations", Unsure: "PREWRITTEN_SOFTWARE when the same program is sold to others"},
	{Class: SaaS, Covers: "software used remotely by subscription, without a copy for the customer", Examples: "CRM subscriptions, online office suites, hosted accounting", Unsure: "SAAS; DATA_PROCESSING when the service is processing the customer's data", Service: true, Digital: true},
	{Class: DigitalGoods, Covers: "digital products delivered electronically with a permanent right to use", Examples: "downloaded games, apps, fonts, stock photos", Unsure: "DIGITAL_GOODS; EBOOKS, DIGITAL_MUSIC or DIGITAL_VIDEO when one of those", Service: true, Digital: true},
	{Class: DigitalStreaming, Covers: "streamed audio and video without a permanent copy", Examples: "video and music streaming subscriptions", Unsure: "DIGITAL_MUSIC or DIGITAL_VIDEO when the customer keeps a copy", Service: true, Digital: true},
	{Class: DigitalMusic, Covers: "music delivered electronically", Examples: "downloaded songs and albums, ringtones", Unsure: "DIGITAL_STREAMING when the customer keeps no copy", Service: true, Digital: true},
	{Class: DigitalVideo, Covers: "films and video delivered electronically", Examples: "downloaded or purchased movies and episodes", Unsure: "DIGITAL_STREAMING when the customer keeps no copy", Service: true, Digital: true},
	{Class: EBooks, Covers: "books delivered electronically", Examples: "e-books, audiobooks", Unsure: "BOOKS when printed", Service: true, Digital: true},
	{Class: Services, Covers: "services with no more specific class", Examples: "consulting not covered below, event services", Unsure: "SERVICES is outside the sales tax in most states: pick a specific class when one fits", Service: true},
	{Class: ProfessionalServ, Covers: "professional services", Examples: "legal, accounting, consulting, design", Unsure: "SERVICES for a service that no class names", Service: true},
	{Class: RepairServices, Covers: "repair and maintenance of tangible goods", Examples: "appliance, car and computer repair", Unsure: "REPAIR_SERVICES for the labour; the parts as GENERAL", Service: true},
	{Class: PersonalCare, Covers: "personal care services", Examples: "haircuts, massages, manicures, tanning", Unsure: "SERVICES for a service that no class names", Service: true},
	{Class: Accommodation, Covers: "short-term accommodation in hotels and similar establishments, taxed where the property is (the seller's physical origin)", Examples: "hotel rooms, holiday lets, campsites, hostel beds", Unsure: "ACCOMMODATION for stays sold by the night or week; long-term residential rent is not accommodation, and meals billed apart are PREPARED_FOOD", Service: true, AtProperty: true},
	{Class: DataProcessing, Covers: "data processing and information services", Examples: "payroll processing, data entry, database searches", Unsure: "SAAS when the customer runs the software itself", Service: true, Digital: true},
	{Class: WebHosting, Covers: "web and data hosting", Examples: "website hosting, cloud storage, server space", Unsure: "SAAS when the customer uses an application rather than space", Service: true, Digital: true},
	{Class: AIServices, Covers: "artificial intelligence services used through an interface or an API", Examples: "model inference APIs, hosted AI assistants", Unsure: "SAAS when the AI is part of a broader subscription application", Service: true, Digital: true},
	{Class: Telecommunications, Covers: "communications services: the transmission of voice, data or signals for a subscriber, billed as a service", Examples: "wireless and landline plans, long distance, VoIP lines, prepaid wireless airtime", Unsure: "TELECOMMUNICATIONS for the service on a carrier's bill (a line with lineType or lineTypes that sends no class is taxed as it, and one that sends SERVICES where the state's treatment of the class is recorded); ELECTRONICS for the handset, WEB_HOSTING or DATA_PROCESSING for what is stored or processed rather than carried", Service: true, Digital: true},
	{Class: MobilePhones, Covers: "mobile telephones: devices made or adapted for use on a licensed mobile network", Examples: "smartphones, feature phones, satellite phones", Unsure: "ELECTRONICS for a device that is not mainly a phone; where no rule names MOBILE_PHONES it is taxed as ELECTRONICS", Parent: Electronics},
	{Class: IntegratedCircuits, Covers: "integrated circuit devices before they are built into an end product", Examples: "microprocessors, central processing units, memory chips", Unsure: "ELECTRONICS for a finished product that holds chips", Parent: Electronics},
	{Class: TabletComputers, Covers: "tablet computers", Examples: "tablets with a touch screen and no fixed keyboard", Unsure: "LAPTOPS for a portable computer with a keyboard; where no rule names TABLET_COMPUTERS it is taxed as ELECTRONICS", Parent: Electronics},
	{Class: Laptops, Covers: "laptop and notebook computers", Examples: "notebooks, netbooks, laptops", Unsure: "TABLET_COMPUTERS for a tablet; where no rule names LAPTOPS it is taxed as ELECTRONICS", Parent: Electronics},
	{Class: GameConsoles, Covers: "video game consoles", Examples: "home and handheld games consoles", Unsure: "ELECTRONICS for accessories and games", Parent: Electronics},
	{Class: ScrapMetal, Covers: "scrap and waste metal, and the other waste and recyclable materials the reverse charges list", Examples: "ferrous and non-ferrous scrap, metal offcuts, used batteries for recycling", Unsure: "GENERAL for metal that is not scrap or waste"},
	{Class: WholesaleEnergy, Covers: "gas and electricity sold to a business that resells them (a dealer), not for its own use", Examples: "wholesale natural gas and electricity on an exchange or between traders", Unsure: "GENERAL for gas or electricity that the buyer uses itself"},
	{Class: EmissionAllowances, Covers: "transfers of greenhouse gas emission allowances and similar units", Examples: "EU ETS allowances, UK ETS allowances, certified emission reductions", Unsure: "SERVICES for other rights", Service: true, Parent: Services},
	{Class: ConstructionService, Covers: "construction work on buildings and other structures: building, altering, repairing, demolishing and installing", Examples: "building, renovation, demolition, installation of heating or wiring in a building", Unsure: "REPAIR_SERVICES for the repair of movable goods; where no rule names CONSTRUCTION_SERVICES it is taxed as SERVICES", Service: true, Parent: Services},
	{Class: BuildingCleaning, Covers: "cleaning of buildings and parts of them", Examples: "office cleaning, window cleaning, cleaning after building work", Unsure: "SERVICES for other cleaning", Service: true, Parent: Services},
}

// ProductClasses lists the built-in product classes, in the order of
// Classes.
var ProductClasses = func() []string {
	out := make([]string, len(Classes))
	for i, c := range Classes {
		out[i] = c.Class
	}
	return out
}()

// classIndex finds a class's description by name.
var classIndex = func() map[string]int {
	m := make(map[string]int, len(Classes))
	for i, c := range Classes {
		m[c.Class] = i
	}
	return m
}()

// ClassOf returns the description of a built-in product class.
func ClassOf(class string) (ClassInfo, bool) {
	i, ok := classIndex[class]
	if !ok {
		return ClassInfo{}, false
	}
	return Classes[i], true
}

// ParentOf returns the class whose rules apply to class where no rule
// names it, and false when it has none.
func ParentOf(class string) (string, bool) {
	i, ok := classIndex[class]
	if !ok || Classes[i].Parent == "" {
		return "", false
	}
	return Classes[i].Parent, true
}

// ClassTable writes the catalogue as a Markdown table: the class, what it
// covers, examples, and what a seller should pick when unsure.
// docs/product-classes.md holds it; a test keeps the two alike.
func ClassTable() string {
	var b strings.Builder
	b.WriteString("| class | covers | examples | when unsure |\n|---|---|---|---|\n")
	for _, c := range Classes {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", c.Class, c.Covers, c.Examples, c.Unsure)
	}
	return b.String()
}
