package wire

// LineDetails holds the members that a line of a sale, a purchase and an
// owner calculation share after its parties, product and amounts: terms
// of delivery and trade roles, the overrides, the Brazilian drivers, cost
// accounting codes, the Intrastat members and the flexible and returns
// fields. The line types embed it, so on the wire its members are the
// line's own.
type LineDetails struct {
	DeliveryTerm               DeliveryTerm          `json:"deliveryTerm,omitempty"`
	TitleTransfer              TitleTransfer         `json:"titleTransfer,omitempty"`
	ChainTransactionPhase      ChainTransactionPhase `json:"chainTransactionPhase,omitempty"`
	SimplificationCode         SimplificationCode    `json:"simplificationCode,omitempty"`
	ExporterOfRecord           PartyRole             `json:"exporterOfRecord,omitempty"`
	ImporterOfRecord           PartyRole             `json:"importerOfRecord,omitempty"`
	TransportResponsibleEntity PartyRole             `json:"transportResponsibleEntity,omitempty"`

	ExemptOverrides      []Override            `json:"exemptOverrides,omitempty"`
	NonTaxableOverrides  []Override            `json:"nonTaxableOverrides,omitempty"`
	RateOverrides        []RateOverride        `json:"rateOverrides,omitempty"`
	ImpositionInclusions []ImpositionInclusion `json:"impositionInclusions,omitempty"`
	CitationOverrides    []CitationOverride    `json:"citationOverrides,omitempty"`
	TaxDeferredOverrides []TaxDeferredOverride `json:"taxDeferredOverrides,omitempty"`
	SitusOverride        *SitusOverride        `json:"situsOverride,omitempty"`
	TaxOverride          *TaxOverride          `json:"taxOverride,omitempty"`
	PautaOverrides       *PautaOverrides       `json:"pautaOverrides,omitempty"`
	// CfopTaxCodeOverride replaces the Brazilian CFOP code Levy would
	// determine, 0 to 9999.
	CfopTaxCodeOverride *int32 `json:"cfopTaxCodeOverride,omitempty" check:"min=0,max=9999"`

	// The Brazilian drivers of tax determination (wire/brazil.go lists
	// their values; the CNAE codes are checked against the dataset's
	// list).
	BuyerCondition          BuyerCondition  `json:"buyerCondition,omitempty"`
	TransactionCondition    string          `json:"transactionCondition,omitempty" check:"max=40"`
	BuyerCNAE               string          `json:"buyerCNAE,omitempty" check:"max=40"`
	SellerCondition         SellerCondition `json:"sellerCondition,omitempty"`
	SellerCNAE              string          `json:"sellerCNAE,omitempty" check:"max=40"`
	NatureOfFiscalOperation FiscalOperation `json:"natureOfFiscalOperation,omitempty"`

	// ConsignmentID groups the lines of one consignment.
	ConsignmentID string `json:"consignmentId,omitempty" check:"id,max=40"`
	// FranchiseAreaID triggers the franchise area fee.
	FranchiseAreaID      string `json:"franchiseAreaId,omitempty" check:"id,max=40"`
	CostCenter           string `json:"costCenter,omitempty" check:"id,max=40"`
	DepartmentCode       string `json:"departmentCode,omitempty" check:"id,max=40"`
	GeneralLedgerAccount string `json:"generalLedgerAccount,omitempty" check:"id,max=40"`
	MaterialCode         string `json:"materialCode,omitempty" check:"id,max=40"`
	MaterialOrigin       string `json:"materialOrigin,omitempty" check:"max=60"`
	ProjectNumber        string `json:"projectNumber,omitempty" check:"id,max=40"`
	Usage                string `json:"usage,omitempty" check:"max=40"`
	UsageClass           string `json:"usageClass,omitempty" check:"max=40"`
	VendorSKU            string `json:"vendorSKU,omitempty" check:"id,max=40"`
	LocationCode         string `json:"locationCode,omitempty" check:"id,max=20"`

	// The Intrastat members.
	CountryOfOriginISOCode string             `json:"countryOfOriginISOCode,omitempty" check:"pattern=alpha3"`
	ExportProcedure        string             `json:"exportProcedure,omitempty" check:"id,max=20"`
	IntrastatCommodityCode string             `json:"intrastatCommodityCode,omitempty" check:"id,max=8"`
	ModeOfTransport        *int32             `json:"modeOfTransport,omitempty" check:"min=1,max=99"`
	NatureOfTransaction    *int32             `json:"natureOfTransaction,omitempty" check:"min=1,max=999"`
	NetMassKilograms       *int32             `json:"netMassKilograms,omitempty" check:"min=1"`
	StatisticalValue       *CurrencyAmount    `json:"statisticalValue,omitempty"`
	SupplementaryUnit      *SupplementaryUnit `json:"supplementaryUnit,omitempty"`

	FlexibleFields *FlexibleFields `json:"flexibleFields,omitempty"`
	ReturnsFields  *ReturnsFields  `json:"returnsFields,omitempty"`
	LineType       *LineType       `json:"lineType,omitempty"`
	LineTypes      []LineTypeSet   `json:"lineTypes,omitempty"`
}
