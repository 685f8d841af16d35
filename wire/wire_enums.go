package wire

import (
	"reflect"
	"slices"
	"strings"
)

// The enumerations of the wire. Each is a string type whose constants are
// the values clients send; the zero value "" means the field is absent.
// Valid reports whether a value is one of the constants; Validate reports
// any other value with the list of allowed ones.

// enum is the ordered set of the values of one enumeration.
type enum[T ~string] []T

// enumNames holds, for each enumeration type, its values joined in wire
// order, for the messages of Validate.
var enumNames = map[reflect.Type]string{}

// newEnum returns the set of vals and records their names for messages.
func newEnum[T ~string](vals ...T) enum[T] {
	enumNames[reflect.TypeFor[T]()] = joinValues(vals)
	return vals
}

// has reports whether v is in the set.
func (e enum[T]) has(v T) bool { return slices.Contains(e, v) }

// joinValues lists values separated by commas.
func joinValues[T ~string](vals []T) string {
	s := make([]string, len(vals))
	for i, v := range vals {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// SaleMessageType selects the kind of a sale calculation.
type SaleMessageType string

// The kinds of sale calculation.
const (
	// SaleQuotation is an estimate; it is not stored.
	SaleQuotation SaleMessageType = "QUOTATION"
	// SaleInvoice is a final sale, stored for reporting and remittance.
	SaleInvoice SaleMessageType = "INVOICE"
	// SaleDistributeTax spreads a given total tax over the jurisdictions.
	SaleDistributeTax SaleMessageType = "DISTRIBUTE_TAX"
	// SaleARBillingSync reconciles a receivable with the host system.
	SaleARBillingSync SaleMessageType = "ARBILLING_SYNC"
)

var saleMessageTypes = newEnum(SaleQuotation, SaleInvoice, SaleDistributeTax, SaleARBillingSync)

// Valid reports whether t is a defined sale message type.
func (t SaleMessageType) Valid() bool { return saleMessageTypes.has(t) }

// PurchaseMessageType selects the kind of a purchase calculation.
type PurchaseMessageType string

// The kinds of purchase calculation.
const (
	// PurchaseOrder estimates the tax of an intended purchase; not stored.
	PurchaseOrder PurchaseMessageType = "PURCHASE_ORDER"
	// PurchaseInvoiceVerification compares the vendor's tax with Levy's.
	PurchaseInvoiceVerification PurchaseMessageType = "INVOICE_VERIFICATION"
	// PurchaseAccrual self-accrues tax the vendor did not charge.
	PurchaseAccrual PurchaseMessageType = "ACCRUAL"
	// PurchaseDistributeTax spreads a given total tax over the jurisdictions.
	PurchaseDistributeTax PurchaseMessageType = "DISTRIBUTE_TAX"
	// PurchaseERS is an evaluated receipts settlement: the buyer works out
	// the tax and the seller issues no invoice.
	PurchaseERS PurchaseMessageType = "ERS"
	// PurchaseAPInvoiceSync reconciles a payable with the host system.
	PurchaseAPInvoiceSync PurchaseMessageType = "APINVOICE_SYNC"
	// PurchaseAccrualSync reconciles an accrual with the host system.
	PurchaseAccrualSync PurchaseMessageType = "ACCRUAL_SYNC"
	// PurchaseConditionalProcurement compares the vendor's tax with Levy's
	// and lets configured rules choose what to do (see ProcurementAction).
	PurchaseConditionalProcurement PurchaseMessageType = "CONDITIONAL_PROCUREMENT"
)

var purchaseMessageTypes = newEnum(PurchaseOrder, PurchaseInvoiceVerification, PurchaseAccrual,
	PurchaseDistributeTax, PurchaseERS, PurchaseAPInvoiceSync, PurchaseAccrualSync, PurchaseConditionalProcurement)

// Valid reports whether t is a defined purchase message type.
func (t PurchaseMessageType) Valid() bool { return purchaseMessageTypes.has(t) }

// OwnerMessageType selects the kind of an owner calculation.
type OwnerMessageType string

// The kinds of owner calculation.
const (
	// OwnerInventoryRemoval taxes goods the owner takes out of its stock
	// for its own use.
	OwnerInventoryRemoval OwnerMessageType = "INVENTORY_REMOVAL"
	// OwnerAssetMovement taxes the move of an asset between locations.
	OwnerAssetMovement OwnerMessageType = "ASSET_MOVEMENT"
)

var ownerMessageTypes = newEnum(OwnerInventoryRemoval, OwnerAssetMovement)

// Valid reports whether t is a defined owner message type.
func (t OwnerMessageType) Valid() bool { return ownerMessageTypes.has(t) }

// TransactionType is the kind of transaction a document or line records.
// Sales allow SALE, RENTAL and LEASE; purchases allow all four.
type TransactionType string

// The transaction types.
const (
	TransactionTypeSale     TransactionType = "SALE"
	TransactionTypeRental   TransactionType = "RENTAL"
	TransactionTypeLease    TransactionType = "LEASE"
	TransactionTypePurchase TransactionType = "PURCHASE"
)

var transactionTypes = newEnum(TransactionTypeSale, TransactionTypeRental, TransactionTypeLease, TransactionTypePurchase)

// Valid reports whether t is a defined transaction type.
func (t TransactionType) Valid() bool { return transactionTypes.has(t) }

// LocationRole names one of the locations of a transaction: where it is
// administered or where goods physically leave or arrive.
type LocationRole string

// The location roles.
const (
	AdministrativeDestination LocationRole = "ADMINISTRATIVE_DESTINATION"
	AdministrativeOrigin      LocationRole = "ADMINISTRATIVE_ORIGIN"
	Destination               LocationRole = "DESTINATION"
	PhysicalOrigin            LocationRole = "PHYSICAL_ORIGIN"
)

var locationRoles = newEnum(AdministrativeDestination, AdministrativeOrigin, Destination, PhysicalOrigin)

// Valid reports whether r is a defined location role.
func (r LocationRole) Valid() bool { return locationRoles.has(r) }

// TaxResult is the outcome of a tax line.
type TaxResult string

// The tax results.
const (
	TaxResultTaxable    TaxResult = "TAXABLE"
	TaxResultNonTaxable TaxResult = "NONTAXABLE"
	TaxResultExempt     TaxResult = "EXEMPT"
	// TaxResultDPPApplied: the tax was paid directly to the authority
	// under a direct pay permit.
	TaxResultDPPApplied TaxResult = "DPPAPPLIED"
	TaxResultNoTax      TaxResult = "NO_TAX"
	TaxResultDeferred   TaxResult = "DEFERRED"
)

var taxResults = newEnum(TaxResultTaxable, TaxResultNonTaxable, TaxResultExempt, TaxResultDPPApplied, TaxResultNoTax, TaxResultDeferred)

// Valid reports whether r is a defined tax result.
func (r TaxResult) Valid() bool { return taxResults.has(r) }

// TaxType is the kind of tax of a tax line.
type TaxType string

// The tax types.
const (
	TaxTypeSales        TaxType = "SALES"
	TaxTypeSellerUse    TaxType = "SELLER_USE"
	TaxTypeConsumersUse TaxType = "CONSUMERS_USE"
	TaxTypeVAT          TaxType = "VAT"
	TaxTypeNone         TaxType = "NONE"
)

var taxTypes = newEnum(TaxTypeSales, TaxTypeSellerUse, TaxTypeConsumersUse, TaxTypeVAT, TaxTypeNone)

// Valid reports whether t is a defined tax type.
func (t TaxType) Valid() bool { return taxTypes.has(t) }

// TaxStructure is the shape of the rate schedule that produced a tax line.
type TaxStructure string

// The tax structures.
const (
	TaxStructureBracket                      TaxStructure = "BRACKET"
	TaxStructureFlatTax                      TaxStructure = "FLAT_TAX"
	TaxStructureQuantity                     TaxStructure = "QUANTITY"
	TaxStructureSingleRate                   TaxStructure = "SINGLE_RATE"
	TaxStructureTiered                       TaxStructure = "TIERED"
	TaxStructureQuantityTiered               TaxStructure = "QUANTITY_TIERED"
	TaxStructureQuantityRateTiered           TaxStructure = "QUANTITY_RATE_TIERED"
	TaxStructureTieredModifier               TaxStructure = "TIERED_MODIFIER"
	TaxStructureQuantityTieredModifier       TaxStructure = "QUANTITY_TIERED_MODIFIER"
	TaxStructureQuantityRateTieredModifier   TaxStructure = "QUANTITY_RATE_TIERED_MODIFIER"
	TaxStructureQuantityTieredFlat           TaxStructure = "QUANTITY_TIERED_FLAT"
	TaxStructureTieredFlat                   TaxStructure = "TIERED_FLAT"
	TaxStructureQuantityRateTieredEquivalent TaxStructure = "QUANTITY_RATE_TIERED_EQUIVALENT"
)

var taxStructures = newEnum(TaxStructureBracket, TaxStructureFlatTax, TaxStructureQuantity, TaxStructureSingleRate,
	TaxStructureTiered, TaxStructureQuantityTiered, TaxStructureQuantityRateTiered, TaxStructureTieredModifier,
	TaxStructureQuantityTieredModifier, TaxStructureQuantityRateTieredModifier, TaxStructureQuantityTieredFlat,
	TaxStructureTieredFlat, TaxStructureQuantityRateTieredEquivalent)

// Valid reports whether s is a defined tax structure.
func (s TaxStructure) Valid() bool { return taxStructures.has(s) }

// TaxCollectedFromParty names the party a tax is collected from.
type TaxCollectedFromParty string

// The parties tax is collected from.
const (
	TaxCollectedFromSeller TaxCollectedFromParty = "SELLER"
	TaxCollectedFromBuyer  TaxCollectedFromParty = "BUYER"
)

var taxCollectedFromParties = newEnum(TaxCollectedFromSeller, TaxCollectedFromBuyer)

// Valid reports whether p is a defined party.
func (p TaxCollectedFromParty) Valid() bool { return taxCollectedFromParties.has(p) }

// InputOutputType tells whether a VAT line is input tax, import tax,
// output tax or both input and output (a reverse charge), from the
// perspective of the calculation: the tax a seller charges is OUTPUT on
// a sale (/supplies) and INPUT on a purchase (/procurement), the
// buyer's; the use tax a buyer or owner accrues is INPUT, and a reverse
// charge it accrues INPUT_OUTPUT.
type InputOutputType string

// The input and output types.
const (
	InputOutputTypeInput       InputOutputType = "INPUT"
	InputOutputTypeImport      InputOutputType = "IMPORT"
	InputOutputTypeOutput      InputOutputType = "OUTPUT"
	InputOutputTypeInputOutput InputOutputType = "INPUT_OUTPUT"
)

var inputOutputTypes = newEnum(InputOutputTypeInput, InputOutputTypeImport, InputOutputTypeOutput, InputOutputTypeInputOutput)

// Valid reports whether t is a defined input and output type.
func (t InputOutputType) Valid() bool { return inputOutputTypes.has(t) }

// DeliveryTerm is an Incoterms code: who bears the cost and risk of the
// carriage and where the goods change hands.
type DeliveryTerm string

// The delivery terms.
const (
	DeliveryTermEXW DeliveryTerm = "EXW"
	DeliveryTermFCA DeliveryTerm = "FCA"
	DeliveryTermFAS DeliveryTerm = "FAS"
	DeliveryTermFOB DeliveryTerm = "FOB"
	DeliveryTermCFR DeliveryTerm = "CFR"
	DeliveryTermCIF DeliveryTerm = "CIF"
	DeliveryTermCPT DeliveryTerm = "CPT"
	DeliveryTermCIP DeliveryTerm = "CIP"
	DeliveryTermDAF DeliveryTerm = "DAF"
	DeliveryTermDES DeliveryTerm = "DES"
	DeliveryTermDEQ DeliveryTerm = "DEQ"
	DeliveryTermDDU DeliveryTerm = "DDU"
	DeliveryTermDDP DeliveryTerm = "DDP"
	DeliveryTermCUS DeliveryTerm = "CUS"
	DeliveryTermSUP DeliveryTerm = "SUP"
	DeliveryTermDAT DeliveryTerm = "DAT"
	DeliveryTermDAP DeliveryTerm = "DAP"
	DeliveryTermDPU DeliveryTerm = "DPU"
)

var deliveryTerms = newEnum(DeliveryTermEXW, DeliveryTermFCA, DeliveryTermFAS, DeliveryTermFOB, DeliveryTermCFR,
	DeliveryTermCIF, DeliveryTermCPT, DeliveryTermCIP, DeliveryTermDAF, DeliveryTermDES, DeliveryTermDEQ,
	DeliveryTermDDU, DeliveryTermDDP, DeliveryTermCUS, DeliveryTermSUP, DeliveryTermDAT, DeliveryTermDAP, DeliveryTermDPU)

// Valid reports whether t is a defined delivery term.
func (t DeliveryTerm) Valid() bool { return deliveryTerms.has(t) }

// ChainTransactionPhase is the place of a supply in a chain of supplies of
// the same goods.
type ChainTransactionPhase string

// The chain transaction phases.
const (
	ChainTransactionPhaseManufacturer ChainTransactionPhase = "MANUFACTURER"
	ChainTransactionPhaseIntermediary ChainTransactionPhase = "INTERMEDIARY"
	ChainTransactionPhaseFinal        ChainTransactionPhase = "FINAL"
)

var chainTransactionPhases = newEnum(ChainTransactionPhaseManufacturer, ChainTransactionPhaseIntermediary, ChainTransactionPhaseFinal)

// Valid reports whether p is a defined chain transaction phase.
func (p ChainTransactionPhase) Valid() bool { return chainTransactionPhases.has(p) }

// LocationCustomsStatus is the customs regime goods are under at a
// location.
type LocationCustomsStatus string

// The customs statuses.
const (
	LocationCustomsStatusFreeCirculation         LocationCustomsStatus = "FREE_CIRCULATION"
	LocationCustomsStatusBondedWarehouse         LocationCustomsStatus = "BONDED_WAREHOUSE"
	LocationCustomsStatusFreeTradeZone           LocationCustomsStatus = "FREE_TRADE_ZONE"
	LocationCustomsStatusTemporaryImport         LocationCustomsStatus = "TEMPORARY_IMPORT"
	LocationCustomsStatusInwardProcessingRelief  LocationCustomsStatus = "INWARD_PROCESSING_RELIEF"
	LocationCustomsStatusOutwardProcessingRelief LocationCustomsStatus = "OUTWARD_PROCESSING_RELIEF"
)

var locationCustomsStatuses = newEnum(LocationCustomsStatusFreeCirculation, LocationCustomsStatusBondedWarehouse,
	LocationCustomsStatusFreeTradeZone, LocationCustomsStatusTemporaryImport,
	LocationCustomsStatusInwardProcessingRelief, LocationCustomsStatusOutwardProcessingRelief)

// Valid reports whether s is a defined customs status.
func (s LocationCustomsStatus) Valid() bool { return locationCustomsStatuses.has(s) }

// PartyRole names a party of a transaction, as the exporter or importer of
// record or the party responsible for the transport.
type PartyRole string

// The party roles.
const (
	PartyRoleBuyer      PartyRole = "BUYER"
	PartyRoleSeller     PartyRole = "SELLER"
	PartyRoleDispatcher PartyRole = "DISPATCHER"
	PartyRoleRecipient  PartyRole = "RECIPIENT"
)

var partyRoles = newEnum(PartyRoleBuyer, PartyRoleSeller, PartyRoleDispatcher, PartyRoleRecipient)

// Valid reports whether r is a defined party role.
func (r PartyRole) Valid() bool { return partyRoles.has(r) }

// DiscountType tells how to read Discount.DiscountValue.
type DiscountType string

// The discount types.
const (
	// DiscountAmount: the value is an amount in the document's currency,
	// at least 0.
	DiscountAmount DiscountType = "DiscountAmount"
	// DiscountPercent: the value is a percentage from 0 to 100; 10 means
	// 10 %.
	DiscountPercent DiscountType = "DiscountPercent"
)

var discountTypes = newEnum(DiscountAmount, DiscountPercent)

// Valid reports whether t is a defined discount type.
func (t DiscountType) Valid() bool { return discountTypes.has(t) }

// TitleTransfer is where the title to goods passes to the buyer.
type TitleTransfer string

// The title transfer points.
const (
	TitleTransferOrigin      TitleTransfer = "ORIGIN"
	TitleTransferInTransit   TitleTransfer = "IN_TRANSIT"
	TitleTransferDestination TitleTransfer = "DESTINATION"
)

var titleTransfers = newEnum(TitleTransferOrigin, TitleTransferInTransit, TitleTransferDestination)

// Valid reports whether t is a defined title transfer point.
func (t TitleTransfer) Valid() bool { return titleTransfers.has(t) }

// SimplificationCode names a VAT simplification that applies to a supply.
type SimplificationCode string

// The simplification codes.
const (
	SimplificationCodeConsignment       SimplificationCode = "CONSIGNMENT"
	SimplificationCodeCallOff           SimplificationCode = "CALL_OFF"
	SimplificationCodeTriangulation     SimplificationCode = "TRIANGULATION"
	SimplificationCodeRegistrationGroup SimplificationCode = "REGISTRATION_GROUP"
)

var simplificationCodes = newEnum(SimplificationCodeConsignment, SimplificationCodeCallOff,
	SimplificationCodeTriangulation, SimplificationCodeRegistrationGroup)

// Valid reports whether c is a defined simplification code.
func (c SimplificationCode) Valid() bool { return simplificationCodes.has(c) }

// MovementMethod is how the owner's goods move between its locations.
type MovementMethod string

// The movement methods.
const (
	MovementMethodConsignment MovementMethod = "CONSIGNMENT"
	MovementMethodCallOff     MovementMethod = "CALL_OFF"
	MovementMethodRegular     MovementMethod = "REGULAR"
)

var movementMethods = newEnum(MovementMethodConsignment, MovementMethodCallOff, MovementMethodRegular)

// Valid reports whether m is a defined movement method.
func (m MovementMethod) Valid() bool { return movementMethods.has(m) }

// UtilityProvider tells whether a utility provider is a regulated
// taxpayer.
type UtilityProvider string

// The utility provider kinds.
const (
	UtilityProviderRegulatedTaxpayer   UtilityProvider = "REGULATED_TAXPAYER"
	UtilityProviderUnregulatedTaxpayer UtilityProvider = "UNREGULATED_TAXPAYER"
)

var utilityProviders = newEnum(UtilityProviderRegulatedTaxpayer, UtilityProviderUnregulatedTaxpayer)

// Valid reports whether p is a defined utility provider kind.
func (p UtilityProvider) Valid() bool { return utilityProviders.has(p) }

// TaxRegistrationType is the kind of a tax registration number.
type TaxRegistrationType string

// The kinds of tax registration. The values hold spaces and parentheses
// on the wire.
const (
	TaxRegistrationTypeVAT                    TaxRegistrationType = "VAT Registration"
	TaxRegistrationTypeFEIN                   TaxRegistrationType = "Federal Employer Identification Number (FEIN)"
	TaxRegistrationTypeTIN                    TaxRegistrationType = "Tax Identification Number (TIN)"
	TaxRegistrationTypeSSN                    TaxRegistrationType = "Social Security Number (SSN)"
	TaxRegistrationTypeBusinessNumber         TaxRegistrationType = "Business Number"
	TaxRegistrationTypeStateIdentification    TaxRegistrationType = "State Identification Number"
	TaxRegistrationTypeNonUnionScheme         TaxRegistrationType = "Non-Union Scheme"
	TaxRegistrationTypeUnionScheme            TaxRegistrationType = "Union Scheme"
	TaxRegistrationTypeImportOneStopShop      TaxRegistrationType = "Import One Stop Shop"
	TaxRegistrationTypeCommercialRegistration TaxRegistrationType = "Commercial Registration"
	TaxRegistrationTypeLVGRegistration        TaxRegistrationType = "LVG Registration"
)

var taxRegistrationTypes = newEnum(TaxRegistrationTypeVAT, TaxRegistrationTypeFEIN, TaxRegistrationTypeTIN,
	TaxRegistrationTypeSSN, TaxRegistrationTypeBusinessNumber, TaxRegistrationTypeStateIdentification,
	TaxRegistrationTypeNonUnionScheme, TaxRegistrationTypeUnionScheme, TaxRegistrationTypeImportOneStopShop,
	TaxRegistrationTypeCommercialRegistration, TaxRegistrationTypeLVGRegistration)

// Valid reports whether t is a defined kind of tax registration.
func (t TaxRegistrationType) Valid() bool { return taxRegistrationTypes.has(t) }

// Identity reports whether t names a number that identifies a person
// rather than registers it for a VAT, GST or sales tax: a trade or
// companies register's number (Commercial Registration: Germany's
// Handelsregister, the United Kingdom's Companies House, Denmark's CVR
// as a company number), the United States' Federal Employer
// Identification Number and Social Security Number, and a general Tax
// Identification Number (income tax). Holding one does not make a seller
// registered in a country, nor a customer a taxable person identified
// for VAT there (VAT Directive 2006/112/EC, articles 214 and 138(1)(b):
// the number that exempts an intra-Community supply is the VAT
// identification number). The other kinds are registrations for a tax:
// VAT Registration; the EU's special schemes (Union Scheme, Non-Union
// Scheme, Import One Stop Shop); LVG Registration, Australia's GST
// registration of a supplier of low value imported goods; Business
// Number, Canada's, under which the GST/HST account is kept; State
// Identification Number, a US state's sales tax permit; and no kind at
// all (""), a registration for its country's tax. Levy reads a number of
// identity sent or stored for a place within a country (a US state, a
// Canadian province) as a registration there under that number: a Texas
// taxpayer number is built on the FEIN, and a sole proprietor may hold a
// state's permit under its SSN.
func (t TaxRegistrationType) Identity() bool {
	switch t {
	case TaxRegistrationTypeCommercialRegistration, TaxRegistrationTypeFEIN, TaxRegistrationTypeSSN, TaxRegistrationTypeTIN:
		return true
	}
	return false
}

// ValidationInfo is the outcome of the validation of a tax registration
// number.
type ValidationInfo string

// The validation outcomes.
const (
	ValidationInfoServiceTemporarilyUnavailable ValidationInfo = "TAX_NUMBER_SERVICE_TEMPORARILY_UNAVAILABLE"
	ValidationInfoValidationNotAvailable        ValidationInfo = "TAX_NUMBER_VALIDATION_NOT_AVAILABLE"
	ValidationInfoSyntaxValid                   ValidationInfo = "TAX_NUMBER_SYNTAX_VALID"
	ValidationInfoSyntaxInvalid                 ValidationInfo = "TAX_NUMBER_SYNTAX_INVALID"
	ValidationInfoSyntaxConsideredValid         ValidationInfo = "TAX_NUMBER_SYNTAX_CONSIDERED_VALID_BUT_NOT_VERIFIED"
	ValidationInfoValidExternally               ValidationInfo = "TAX_NUMBER_VALID_ACCORDING_TO_EXTERNAL_SERVICE"
	ValidationInfoInvalidExternally             ValidationInfo = "TAX_NUMBER_INVALID_ACCORDING_TO_EXTERNAL_SERVICE"
)

var validationInfos = newEnum(ValidationInfoServiceTemporarilyUnavailable, ValidationInfoValidationNotAvailable,
	ValidationInfoSyntaxValid, ValidationInfoSyntaxInvalid, ValidationInfoSyntaxConsideredValid,
	ValidationInfoValidExternally, ValidationInfoInvalidExternally)

// Valid reports whether i is a defined validation outcome.
func (i ValidationInfo) Valid() bool { return validationInfos.has(i) }

// PautaQuantityType tells how a Brazilian pauta (a reference price per
// unit) counts the quantity.
type PautaQuantityType string

// The pauta quantity types.
const (
	// PautaQuantityTypeVOL counts the quantity by volume.
	PautaQuantityTypeVOL PautaQuantityType = "VOL"
	// PautaQuantityTypeCOM counts the quantity in units.
	PautaQuantityTypeCOM PautaQuantityType = "COM"
)

var pautaQuantityTypes = newEnum(PautaQuantityTypeVOL, PautaQuantityTypeCOM)

// Valid reports whether t is a defined pauta quantity type.
func (t PautaQuantityType) Valid() bool { return pautaQuantityTypes.has(t) }

// OverrideType is the taxability a TaxOverride forces.
type OverrideType string

// The override types.
const (
	OverrideTypeTaxable    OverrideType = "TAXABLE"
	OverrideTypeNonTaxable OverrideType = "NONTAXABLE"
)

var overrideTypes = newEnum(OverrideTypeTaxable, OverrideTypeNonTaxable)

// Valid reports whether t is a defined override type.
func (t OverrideType) Valid() bool { return overrideTypes.has(t) }

// Phase tells whether an assisted parameter was changed before or after
// the calculation.
type Phase string

// The phases.
const (
	PhasePre  Phase = "PRE"
	PhasePost Phase = "POST"
)

var phases = newEnum(PhasePre, PhasePost)

// Valid reports whether p is a defined phase.
func (p Phase) Valid() bool { return phases.has(p) }

// LineItemSyncType tells a sync calculation (ARBILLING_SYNC,
// APINVOICE_SYNC, ACCRUAL_SYNC) what to do with a line of the stored
// transaction. The sources name the field but not its values; these are
// Levy's own.
type LineItemSyncType string

// The line sync types.
const (
	// LineItemSyncTypeAdd adds the line to the stored transaction.
	LineItemSyncTypeAdd LineItemSyncType = "ADD"
	// LineItemSyncTypeUpdate replaces the stored line with the same
	// lineItemId.
	LineItemSyncTypeUpdate LineItemSyncType = "UPDATE"
	// LineItemSyncTypeDelete removes the stored line with the same
	// lineItemId.
	LineItemSyncTypeDelete LineItemSyncType = "DELETE"
)

var lineItemSyncTypes = newEnum(LineItemSyncTypeAdd, LineItemSyncTypeUpdate, LineItemSyncTypeDelete)

// Valid reports whether t is a defined line sync type.
func (t LineItemSyncType) Valid() bool { return lineItemSyncTypes.has(t) }
