package rules

// Env is what a rule's condition can see: the facts of one line of a
// transaction in one jurisdiction. Conditions name its fields as the expr
// tags give them, for example
//
//	productClass == "CLOTHING" && customerClass != "RESELLER"
//	jurisdictionType in ["STATE", "COUNTY"] && usage == "MANUFACTURING"
//
// Amounts are not part of Env: money never passes through floating point,
// so amount thresholds are typed rules of their own, not expressions.
type Env struct {
	// Perspective is SELLER, BUYER or OWNER.
	Perspective string `expr:"perspective"`
	// MessageType is the wire message type, such as INVOICE or ACCRUAL.
	MessageType string `expr:"messageType"`
	// TransactionType is the wire transaction type, such as SALE or LEASE.
	TransactionType string `expr:"transactionType"`
	// Country is the ISO 3166-1 alpha-2 code of the jurisdiction's country.
	Country string `expr:"country"`
	// JurisdictionID and JurisdictionType describe the jurisdiction whose
	// tax is being decided.
	JurisdictionID   string `expr:"jurisdictionId"`
	JurisdictionType string `expr:"jurisdictionType"`
	// Subdivision is the ISO 3166-2 code of the first-level subdivision
	// the jurisdiction lies in ("US-TN" for a Tennessee county), or "" for
	// a country.
	Subdivision string `expr:"subdivision"`
	// Area holds the IDs of every jurisdiction of the place being taxed,
	// separated by single spaces ("US-NY US-36079 US-NY-D-MCTD"): a
	// rule's Within looks for one of them.
	Area string `expr:"area"`
	// Tax is the imposition being decided ("Sales and Use Tax", "VAT",
	// "GST", "HST", "PST", "QST", Japan's "Consumption Tax", Malaysia's
	// "Sales Tax" and "Service Tax", or one of the host's own).
	Tax string `expr:"tax"`
	// ProductClass is the line's product (or purchase) class.
	ProductClass string `expr:"productClass"`
	// CustomerClass is the customer's class code.
	CustomerClass string `expr:"customerClass"`
	// Usage and UsageClass are the line's user-defined usage codes.
	Usage      string `expr:"usage"`
	UsageClass string `expr:"usageClass"`
	// Date is the tax date, as YYYY-MM-DD.
	Date string `expr:"date"`
	// BusinessCustomer reports whether the customer is a business (it holds
	// a tax registration or says so).
	BusinessCustomer bool `expr:"businessCustomer"`
}
