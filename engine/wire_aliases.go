package engine

import (
	"io"
	"reflect"

	"github.com/levytax/levy/wire"
)

// The request and response types of the v2 wire format, their validation
// and decoding moved to package wire, which a
// program that calls a remote Levy imports without the calculator. The
// names below stay here for one release, each the same as package wire's;
// use those.

type (
	// Deprecated: use wire.AccumulateAsLineType.
	AccumulateAsLineType = wire.AccumulateAsLineType
	// Deprecated: use wire.AssistedParameter.
	AssistedParameter = wire.AssistedParameter
	// Deprecated: use wire.Buyer.
	Buyer = wire.Buyer
	// Deprecated: use wire.Calculator.
	Calculator = wire.Calculator
	// Deprecated: use wire.CertificateNumber.
	CertificateNumber = wire.CertificateNumber
	// Deprecated: use wire.ChainTransactionPhase.
	ChainTransactionPhase = wire.ChainTransactionPhase
	// Deprecated: use wire.CitationOverride.
	CitationOverride = wire.CitationOverride
	// Deprecated: use wire.CommodityCode.
	CommodityCode = wire.CommodityCode
	// Deprecated: use wire.Currency.
	Currency = wire.Currency
	// Deprecated: use wire.CurrencyAmount.
	CurrencyAmount = wire.CurrencyAmount
	// Deprecated: use wire.CurrencyConversion.
	CurrencyConversion = wire.CurrencyConversion
	// Deprecated: use wire.CurrencyConversionFactor.
	CurrencyConversionFactor = wire.CurrencyConversionFactor
	// Deprecated: use wire.Customer.
	Customer = wire.Customer
	// Deprecated: use wire.CustomerCode.
	CustomerCode = wire.CustomerCode
	// Deprecated: use wire.DeliveryTerm.
	DeliveryTerm = wire.DeliveryTerm
	// Deprecated: use wire.Discount.
	Discount = wire.Discount
	// Deprecated: use wire.DiscountType.
	DiscountType = wire.DiscountType
	// Deprecated: use wire.Dispatcher.
	Dispatcher = wire.Dispatcher
	// Deprecated: use wire.DispatcherCode.
	DispatcherCode = wire.DispatcherCode
	// Deprecated: use wire.EvidenceAddress.
	EvidenceAddress = wire.EvidenceAddress
	// Deprecated: use wire.EvidenceCountry.
	EvidenceCountry = wire.EvidenceCountry
	// Deprecated: use wire.EvidenceValue.
	EvidenceValue = wire.EvidenceValue
	// Deprecated: use wire.ExemptionCertificate.
	ExemptionCertificate = wire.ExemptionCertificate
	// Deprecated: use wire.FilingCurrencyAmounts.
	FilingCurrencyAmounts = wire.FilingCurrencyAmounts
	// Deprecated: use wire.FiscalRepresentative.
	FiscalRepresentative = wire.FiscalRepresentative
	// Deprecated: use wire.FlexibleCodeField.
	FlexibleCodeField = wire.FlexibleCodeField
	// Deprecated: use wire.FlexibleDateField.
	FlexibleDateField = wire.FlexibleDateField
	// Deprecated: use wire.FlexibleFields.
	FlexibleFields = wire.FlexibleFields
	// Deprecated: use wire.FlexibleNumericField.
	FlexibleNumericField = wire.FlexibleNumericField
	// Deprecated: use wire.Imposition.
	Imposition = wire.Imposition
	// Deprecated: use wire.ImpositionInclusion.
	ImpositionInclusion = wire.ImpositionInclusion
	// Deprecated: use wire.ImpositionType.
	ImpositionType = wire.ImpositionType
	// Deprecated: use wire.InputOutputType.
	InputOutputType = wire.InputOutputType
	// Deprecated: use wire.InputTax.
	InputTax = wire.InputTax
	// Deprecated: use wire.InvoiceText.
	InvoiceText = wire.InvoiceText
	// Deprecated: use wire.LineDetails.
	LineDetails = wire.LineDetails
	// Deprecated: use wire.LineItemSyncType.
	LineItemSyncType = wire.LineItemSyncType
	// Deprecated: use wire.LineType.
	LineType = wire.LineType
	// Deprecated: use wire.LineTypeSet.
	LineTypeSet = wire.LineTypeSet
	// Deprecated: use wire.Location.
	Location = wire.Location
	// Deprecated: use wire.LocationCustomsStatus.
	LocationCustomsStatus = wire.LocationCustomsStatus
	// Deprecated: use wire.LocationEvidence.
	LocationEvidence = wire.LocationEvidence
	// Deprecated: use wire.LocationEvidenceAddress.
	LocationEvidenceAddress = wire.LocationEvidenceAddress
	// Deprecated: use wire.LocationRole.
	LocationRole = wire.LocationRole
	// Deprecated: use wire.Measure.
	Measure = wire.Measure
	// Deprecated: use wire.MovementMethod.
	MovementMethod = wire.MovementMethod
	// Deprecated: use wire.NexusOverride.
	NexusOverride = wire.NexusOverride
	// Deprecated: use wire.Override.
	Override = wire.Override
	// Deprecated: use wire.OverrideType.
	OverrideType = wire.OverrideType
	// Deprecated: use wire.Owner.
	Owner = wire.Owner
	// Deprecated: use wire.OwnerLineItem.
	OwnerLineItem = wire.OwnerLineItem
	// Deprecated: use wire.OwnerMessageType.
	OwnerMessageType = wire.OwnerMessageType
	// Deprecated: use wire.OwnerRequest.
	OwnerRequest = wire.OwnerRequest
	// Deprecated: use wire.OwnerResponse.
	OwnerResponse = wire.OwnerResponse
	// Deprecated: use wire.OwnerResponseLineItem.
	OwnerResponseLineItem = wire.OwnerResponseLineItem
	// Deprecated: use wire.PartyRole.
	PartyRole = wire.PartyRole
	// Deprecated: use wire.PautaOverride.
	PautaOverride = wire.PautaOverride
	// Deprecated: use wire.PautaOverrides.
	PautaOverrides = wire.PautaOverrides
	// Deprecated: use wire.PautaQuantityType.
	PautaQuantityType = wire.PautaQuantityType
	// Deprecated: use wire.Phase.
	Phase = wire.Phase
	// Deprecated: use wire.PhysicalLocation.
	PhysicalLocation = wire.PhysicalLocation
	// Deprecated: use wire.ProcurementAction.
	ProcurementAction = wire.ProcurementAction
	// Deprecated: use wire.Product.
	Product = wire.Product
	// Deprecated: use wire.Purchase.
	Purchase = wire.Purchase
	// Deprecated: use wire.PurchaseLineItem.
	PurchaseLineItem = wire.PurchaseLineItem
	// Deprecated: use wire.PurchaseMessageType.
	PurchaseMessageType = wire.PurchaseMessageType
	// Deprecated: use wire.PurchaseRequest.
	PurchaseRequest = wire.PurchaseRequest
	// Deprecated: use wire.PurchaseResponse.
	PurchaseResponse = wire.PurchaseResponse
	// Deprecated: use wire.PurchaseResponseLineItem.
	PurchaseResponseLineItem = wire.PurchaseResponseLineItem
	// Deprecated: use wire.RateOverride.
	RateOverride = wire.RateOverride
	// Deprecated: use wire.Recipient.
	Recipient = wire.Recipient
	// Deprecated: use wire.RecipientCode.
	RecipientCode = wire.RecipientCode
	// Deprecated: use wire.ReturnsCodeField.
	ReturnsCodeField = wire.ReturnsCodeField
	// Deprecated: use wire.ReturnsDateField.
	ReturnsDateField = wire.ReturnsDateField
	// Deprecated: use wire.ReturnsFields.
	ReturnsFields = wire.ReturnsFields
	// Deprecated: use wire.ReturnsIndicatorField.
	ReturnsIndicatorField = wire.ReturnsIndicatorField
	// Deprecated: use wire.ReturnsNumericField.
	ReturnsNumericField = wire.ReturnsNumericField
	// Deprecated: use wire.ReversalRequest.
	ReversalRequest = wire.ReversalRequest
	// Deprecated: use wire.ReversalResponse.
	ReversalResponse = wire.ReversalResponse
	// Deprecated: use wire.RollbackResponse.
	RollbackResponse = wire.RollbackResponse
	// Deprecated: use wire.RuleRef.
	RuleRef = wire.RuleRef
	// Deprecated: use wire.SaleLineItem.
	SaleLineItem = wire.SaleLineItem
	// Deprecated: use wire.SaleMessageType.
	SaleMessageType = wire.SaleMessageType
	// Deprecated: use wire.SaleRequest.
	SaleRequest = wire.SaleRequest
	// Deprecated: use wire.SaleResponse.
	SaleResponse = wire.SaleResponse
	// Deprecated: use wire.SaleResponseLineItem.
	SaleResponseLineItem = wire.SaleResponseLineItem
	// Deprecated: use wire.Seller.
	Seller = wire.Seller
	// Deprecated: use wire.SimplificationCode.
	SimplificationCode = wire.SimplificationCode
	// Deprecated: use wire.SitusOverride.
	SitusOverride = wire.SitusOverride
	// Deprecated: use wire.SupplementaryUnit.
	SupplementaryUnit = wire.SupplementaryUnit
	// Deprecated: use wire.Tax.
	Tax = wire.Tax
	// Deprecated: use wire.TaxAreaLookup.
	TaxAreaLookup = wire.TaxAreaLookup
	// Deprecated: use wire.TaxAreaLookupStatus.
	TaxAreaLookupStatus = wire.TaxAreaLookupStatus
	// Deprecated: use wire.TaxCollectedFromParty.
	TaxCollectedFromParty = wire.TaxCollectedFromParty
	// Deprecated: use wire.TaxDeferredOverride.
	TaxDeferredOverride = wire.TaxDeferredOverride
	// Deprecated: use wire.TaxOverride.
	TaxOverride = wire.TaxOverride
	// Deprecated: use wire.TaxRegistration.
	TaxRegistration = wire.TaxRegistration
	// Deprecated: use wire.TaxRegistrationType.
	TaxRegistrationType = wire.TaxRegistrationType
	// Deprecated: use wire.TaxResult.
	TaxResult = wire.TaxResult
	// Deprecated: use wire.TaxStructure.
	TaxStructure = wire.TaxStructure
	// Deprecated: use wire.TaxType.
	TaxType = wire.TaxType
	// Deprecated: use wire.TaxabilityCategory.
	TaxabilityCategory = wire.TaxabilityCategory
	// Deprecated: use wire.TaxabilityCategoryTotal.
	TaxabilityCategoryTotal = wire.TaxabilityCategoryTotal
	// Deprecated: use wire.TaxingJurisdictionLocation.
	TaxingJurisdictionLocation = wire.TaxingJurisdictionLocation
	// Deprecated: use wire.TitleTransfer.
	TitleTransfer = wire.TitleTransfer
	// Deprecated: use wire.TransactionType.
	TransactionType = wire.TransactionType
	// Deprecated: use wire.UtilityProvider.
	UtilityProvider = wire.UtilityProvider
	// Deprecated: use wire.ValidationInfo.
	ValidationInfo = wire.ValidationInfo
	// Deprecated: use wire.ValidationResult.
	ValidationResult = wire.ValidationResult
	// Deprecated: use wire.Vendor.
	Vendor = wire.Vendor
	// Deprecated: use wire.VendorCode.
	VendorCode = wire.VendorCode
	// Deprecated: use wire.VendorTax.
	VendorTax = wire.VendorTax
)

const (
	// Deprecated: use wire.AdministrativeDestination.
	AdministrativeDestination = wire.AdministrativeDestination
	// Deprecated: use wire.AdministrativeOrigin.
	AdministrativeOrigin = wire.AdministrativeOrigin
	// Deprecated: use wire.ChainTransactionPhaseFinal.
	ChainTransactionPhaseFinal = wire.ChainTransactionPhaseFinal
	// Deprecated: use wire.ChainTransactionPhaseIntermediary.
	ChainTransactionPhaseIntermediary = wire.ChainTransactionPhaseIntermediary
	// Deprecated: use wire.ChainTransactionPhaseManufacturer.
	ChainTransactionPhaseManufacturer = wire.ChainTransactionPhaseManufacturer
	// Deprecated: use wire.DeliveryTermCFR.
	DeliveryTermCFR = wire.DeliveryTermCFR
	// Deprecated: use wire.DeliveryTermCIF.
	DeliveryTermCIF = wire.DeliveryTermCIF
	// Deprecated: use wire.DeliveryTermCIP.
	DeliveryTermCIP = wire.DeliveryTermCIP
	// Deprecated: use wire.DeliveryTermCPT.
	DeliveryTermCPT = wire.DeliveryTermCPT
	// Deprecated: use wire.DeliveryTermCUS.
	DeliveryTermCUS = wire.DeliveryTermCUS
	// Deprecated: use wire.DeliveryTermDAF.
	DeliveryTermDAF = wire.DeliveryTermDAF
	// Deprecated: use wire.DeliveryTermDAP.
	DeliveryTermDAP = wire.DeliveryTermDAP
	// Deprecated: use wire.DeliveryTermDAT.
	DeliveryTermDAT = wire.DeliveryTermDAT
	// Deprecated: use wire.DeliveryTermDDP.
	DeliveryTermDDP = wire.DeliveryTermDDP
	// Deprecated: use wire.DeliveryTermDDU.
	DeliveryTermDDU = wire.DeliveryTermDDU
	// Deprecated: use wire.DeliveryTermDEQ.
	DeliveryTermDEQ = wire.DeliveryTermDEQ
	// Deprecated: use wire.DeliveryTermDES.
	DeliveryTermDES = wire.DeliveryTermDES
	// Deprecated: use wire.DeliveryTermDPU.
	DeliveryTermDPU = wire.DeliveryTermDPU
	// Deprecated: use wire.DeliveryTermEXW.
	DeliveryTermEXW = wire.DeliveryTermEXW
	// Deprecated: use wire.DeliveryTermFAS.
	DeliveryTermFAS = wire.DeliveryTermFAS
	// Deprecated: use wire.DeliveryTermFCA.
	DeliveryTermFCA = wire.DeliveryTermFCA
	// Deprecated: use wire.DeliveryTermFOB.
	DeliveryTermFOB = wire.DeliveryTermFOB
	// Deprecated: use wire.DeliveryTermSUP.
	DeliveryTermSUP = wire.DeliveryTermSUP
	// Deprecated: use wire.Destination.
	Destination = wire.Destination
	// Deprecated: use wire.DiscountAmount.
	DiscountAmount = wire.DiscountAmount
	// Deprecated: use wire.DiscountPercent.
	DiscountPercent = wire.DiscountPercent
	// Deprecated: use wire.InputOutputTypeImport.
	InputOutputTypeImport = wire.InputOutputTypeImport
	// Deprecated: use wire.InputOutputTypeInput.
	InputOutputTypeInput = wire.InputOutputTypeInput
	// Deprecated: use wire.InputOutputTypeInputOutput.
	InputOutputTypeInputOutput = wire.InputOutputTypeInputOutput
	// Deprecated: use wire.InputOutputTypeOutput.
	InputOutputTypeOutput = wire.InputOutputTypeOutput
	// Deprecated: use wire.LineItemSyncTypeAdd.
	LineItemSyncTypeAdd = wire.LineItemSyncTypeAdd
	// Deprecated: use wire.LineItemSyncTypeDelete.
	LineItemSyncTypeDelete = wire.LineItemSyncTypeDelete
	// Deprecated: use wire.LineItemSyncTypeUpdate.
	LineItemSyncTypeUpdate = wire.LineItemSyncTypeUpdate
	// Deprecated: use wire.LocationCustomsStatusBondedWarehouse.
	LocationCustomsStatusBondedWarehouse = wire.LocationCustomsStatusBondedWarehouse
	// Deprecated: use wire.LocationCustomsStatusFreeCirculation.
	LocationCustomsStatusFreeCirculation = wire.LocationCustomsStatusFreeCirculation
	// Deprecated: use wire.LocationCustomsStatusFreeTradeZone.
	LocationCustomsStatusFreeTradeZone = wire.LocationCustomsStatusFreeTradeZone
	// Deprecated: use wire.LocationCustomsStatusInwardProcessingRelief.
	LocationCustomsStatusInwardProcessingRelief = wire.LocationCustomsStatusInwardProcessingRelief
	// Deprecated: use wire.LocationCustomsStatusOutwardProcessingRelief.
	LocationCustomsStatusOutwardProcessingRelief = wire.LocationCustomsStatusOutwardProcessingRelief
	// Deprecated: use wire.LocationCustomsStatusTemporaryImport.
	LocationCustomsStatusTemporaryImport = wire.LocationCustomsStatusTemporaryImport
	// Deprecated: use wire.MaxErrors.
	MaxErrors = wire.MaxErrors
	// Deprecated: use wire.MaxJSONDepth.
	MaxJSONDepth = wire.MaxJSONDepth
	// Deprecated: use wire.MaxLineDepth.
	MaxLineDepth = wire.MaxLineDepth
	// Deprecated: use wire.MaxLines.
	MaxLines = wire.MaxLines
	// Deprecated: use wire.MaxTransactionIDLength.
	MaxTransactionIDLength = wire.MaxTransactionIDLength
	// Deprecated: use wire.MovementMethodCallOff.
	MovementMethodCallOff = wire.MovementMethodCallOff
	// Deprecated: use wire.MovementMethodConsignment.
	MovementMethodConsignment = wire.MovementMethodConsignment
	// Deprecated: use wire.MovementMethodRegular.
	MovementMethodRegular = wire.MovementMethodRegular
	// Deprecated: use wire.OverrideTypeNonTaxable.
	OverrideTypeNonTaxable = wire.OverrideTypeNonTaxable
	// Deprecated: use wire.OverrideTypeTaxable.
	OverrideTypeTaxable = wire.OverrideTypeTaxable
	// Deprecated: use wire.OwnerAssetMovement.
	OwnerAssetMovement = wire.OwnerAssetMovement
	// Deprecated: use wire.OwnerInventoryRemoval.
	OwnerInventoryRemoval = wire.OwnerInventoryRemoval
	// Deprecated: use wire.PartyRoleBuyer.
	PartyRoleBuyer = wire.PartyRoleBuyer
	// Deprecated: use wire.PartyRoleDispatcher.
	PartyRoleDispatcher = wire.PartyRoleDispatcher
	// Deprecated: use wire.PartyRoleRecipient.
	PartyRoleRecipient = wire.PartyRoleRecipient
	// Deprecated: use wire.PartyRoleSeller.
	PartyRoleSeller = wire.PartyRoleSeller
	// Deprecated: use wire.PautaQuantityTypeCOM.
	PautaQuantityTypeCOM = wire.PautaQuantityTypeCOM
	// Deprecated: use wire.PautaQuantityTypeVOL.
	PautaQuantityTypeVOL = wire.PautaQuantityTypeVOL
	// Deprecated: use wire.PhasePost.
	PhasePost = wire.PhasePost
	// Deprecated: use wire.PhasePre.
	PhasePre = wire.PhasePre
	// Deprecated: use wire.PhysicalOrigin.
	PhysicalOrigin = wire.PhysicalOrigin
	// Deprecated: use wire.ProcurementAccrue.
	ProcurementAccrue = wire.ProcurementAccrue
	// Deprecated: use wire.ProcurementHoldForReview.
	ProcurementHoldForReview = wire.ProcurementHoldForReview
	// Deprecated: use wire.ProcurementPayVendorTax.
	ProcurementPayVendorTax = wire.ProcurementPayVendorTax
	// Deprecated: use wire.PurchaseAPInvoiceSync.
	PurchaseAPInvoiceSync = wire.PurchaseAPInvoiceSync
	// Deprecated: use wire.PurchaseAccrual.
	PurchaseAccrual = wire.PurchaseAccrual
	// Deprecated: use wire.PurchaseAccrualSync.
	PurchaseAccrualSync = wire.PurchaseAccrualSync
	// Deprecated: use wire.PurchaseConditionalProcurement.
	PurchaseConditionalProcurement = wire.PurchaseConditionalProcurement
	// Deprecated: use wire.PurchaseDistributeTax.
	PurchaseDistributeTax = wire.PurchaseDistributeTax
	// Deprecated: use wire.PurchaseERS.
	PurchaseERS = wire.PurchaseERS
	// Deprecated: use wire.PurchaseInvoiceVerification.
	PurchaseInvoiceVerification = wire.PurchaseInvoiceVerification
	// Deprecated: use wire.PurchaseOrder.
	PurchaseOrder = wire.PurchaseOrder
	// Deprecated: use wire.SaleARBillingSync.
	SaleARBillingSync = wire.SaleARBillingSync
	// Deprecated: use wire.SaleDistributeTax.
	SaleDistributeTax = wire.SaleDistributeTax
	// Deprecated: use wire.SaleInvoice.
	SaleInvoice = wire.SaleInvoice
	// Deprecated: use wire.SaleQuotation.
	SaleQuotation = wire.SaleQuotation
	// Deprecated: use wire.SimplificationCodeCallOff.
	SimplificationCodeCallOff = wire.SimplificationCodeCallOff
	// Deprecated: use wire.SimplificationCodeConsignment.
	SimplificationCodeConsignment = wire.SimplificationCodeConsignment
	// Deprecated: use wire.SimplificationCodeRegistrationGroup.
	SimplificationCodeRegistrationGroup = wire.SimplificationCodeRegistrationGroup
	// Deprecated: use wire.SimplificationCodeTriangulation.
	SimplificationCodeTriangulation = wire.SimplificationCodeTriangulation
	// Deprecated: use wire.TaxCollectedFromBuyer.
	TaxCollectedFromBuyer = wire.TaxCollectedFromBuyer
	// Deprecated: use wire.TaxCollectedFromSeller.
	TaxCollectedFromSeller = wire.TaxCollectedFromSeller
	// Deprecated: use wire.TaxRegistrationTypeBusinessNumber.
	TaxRegistrationTypeBusinessNumber = wire.TaxRegistrationTypeBusinessNumber
	// Deprecated: use wire.TaxRegistrationTypeCommercialRegistration.
	TaxRegistrationTypeCommercialRegistration = wire.TaxRegistrationTypeCommercialRegistration
	// Deprecated: use wire.TaxRegistrationTypeFEIN.
	TaxRegistrationTypeFEIN = wire.TaxRegistrationTypeFEIN
	// Deprecated: use wire.TaxRegistrationTypeImportOneStopShop.
	TaxRegistrationTypeImportOneStopShop = wire.TaxRegistrationTypeImportOneStopShop
	// Deprecated: use wire.TaxRegistrationTypeLVGRegistration.
	TaxRegistrationTypeLVGRegistration = wire.TaxRegistrationTypeLVGRegistration
	// Deprecated: use wire.TaxRegistrationTypeNonUnionScheme.
	TaxRegistrationTypeNonUnionScheme = wire.TaxRegistrationTypeNonUnionScheme
	// Deprecated: use wire.TaxRegistrationTypeSSN.
	TaxRegistrationTypeSSN = wire.TaxRegistrationTypeSSN
	// Deprecated: use wire.TaxRegistrationTypeStateIdentification.
	TaxRegistrationTypeStateIdentification = wire.TaxRegistrationTypeStateIdentification
	// Deprecated: use wire.TaxRegistrationTypeTIN.
	TaxRegistrationTypeTIN = wire.TaxRegistrationTypeTIN
	// Deprecated: use wire.TaxRegistrationTypeUnionScheme.
	TaxRegistrationTypeUnionScheme = wire.TaxRegistrationTypeUnionScheme
	// Deprecated: use wire.TaxRegistrationTypeVAT.
	TaxRegistrationTypeVAT = wire.TaxRegistrationTypeVAT
	// Deprecated: use wire.TaxResultDPPApplied.
	TaxResultDPPApplied = wire.TaxResultDPPApplied
	// Deprecated: use wire.TaxResultDeferred.
	TaxResultDeferred = wire.TaxResultDeferred
	// Deprecated: use wire.TaxResultExempt.
	TaxResultExempt = wire.TaxResultExempt
	// Deprecated: use wire.TaxResultNoTax.
	TaxResultNoTax = wire.TaxResultNoTax
	// Deprecated: use wire.TaxResultNonTaxable.
	TaxResultNonTaxable = wire.TaxResultNonTaxable
	// Deprecated: use wire.TaxResultTaxable.
	TaxResultTaxable = wire.TaxResultTaxable
	// Deprecated: use wire.TaxStructureBracket.
	TaxStructureBracket = wire.TaxStructureBracket
	// Deprecated: use wire.TaxStructureFlatTax.
	TaxStructureFlatTax = wire.TaxStructureFlatTax
	// Deprecated: use wire.TaxStructureQuantity.
	TaxStructureQuantity = wire.TaxStructureQuantity
	// Deprecated: use wire.TaxStructureQuantityRateTiered.
	TaxStructureQuantityRateTiered = wire.TaxStructureQuantityRateTiered
	// Deprecated: use wire.TaxStructureQuantityRateTieredEquivalent.
	TaxStructureQuantityRateTieredEquivalent = wire.TaxStructureQuantityRateTieredEquivalent
	// Deprecated: use wire.TaxStructureQuantityRateTieredModifier.
	TaxStructureQuantityRateTieredModifier = wire.TaxStructureQuantityRateTieredModifier
	// Deprecated: use wire.TaxStructureQuantityTiered.
	TaxStructureQuantityTiered = wire.TaxStructureQuantityTiered
	// Deprecated: use wire.TaxStructureQuantityTieredFlat.
	TaxStructureQuantityTieredFlat = wire.TaxStructureQuantityTieredFlat
	// Deprecated: use wire.TaxStructureQuantityTieredModifier.
	TaxStructureQuantityTieredModifier = wire.TaxStructureQuantityTieredModifier
	// Deprecated: use wire.TaxStructureSingleRate.
	TaxStructureSingleRate = wire.TaxStructureSingleRate
	// Deprecated: use wire.TaxStructureTiered.
	TaxStructureTiered = wire.TaxStructureTiered
	// Deprecated: use wire.TaxStructureTieredFlat.
	TaxStructureTieredFlat = wire.TaxStructureTieredFlat
	// Deprecated: use wire.TaxStructureTieredModifier.
	TaxStructureTieredModifier = wire.TaxStructureTieredModifier
	// Deprecated: use wire.TaxTypeConsumersUse.
	TaxTypeConsumersUse = wire.TaxTypeConsumersUse
	// Deprecated: use wire.TaxTypeNone.
	TaxTypeNone = wire.TaxTypeNone
	// Deprecated: use wire.TaxTypeSales.
	TaxTypeSales = wire.TaxTypeSales
	// Deprecated: use wire.TaxTypeSellerUse.
	TaxTypeSellerUse = wire.TaxTypeSellerUse
	// Deprecated: use wire.TaxTypeVAT.
	TaxTypeVAT = wire.TaxTypeVAT
	// Deprecated: use wire.TitleTransferDestination.
	TitleTransferDestination = wire.TitleTransferDestination
	// Deprecated: use wire.TitleTransferInTransit.
	TitleTransferInTransit = wire.TitleTransferInTransit
	// Deprecated: use wire.TitleTransferOrigin.
	TitleTransferOrigin = wire.TitleTransferOrigin
	// Deprecated: use wire.TransactionTypeLease.
	TransactionTypeLease = wire.TransactionTypeLease
	// Deprecated: use wire.TransactionTypePurchase.
	TransactionTypePurchase = wire.TransactionTypePurchase
	// Deprecated: use wire.TransactionTypeRental.
	TransactionTypeRental = wire.TransactionTypeRental
	// Deprecated: use wire.TransactionTypeSale.
	TransactionTypeSale = wire.TransactionTypeSale
	// Deprecated: use wire.UtilityProviderRegulatedTaxpayer.
	UtilityProviderRegulatedTaxpayer = wire.UtilityProviderRegulatedTaxpayer
	// Deprecated: use wire.UtilityProviderUnregulatedTaxpayer.
	UtilityProviderUnregulatedTaxpayer = wire.UtilityProviderUnregulatedTaxpayer
	// Deprecated: use wire.ValidationInfoInvalidExternally.
	ValidationInfoInvalidExternally = wire.ValidationInfoInvalidExternally
	// Deprecated: use wire.ValidationInfoServiceTemporarilyUnavailable.
	ValidationInfoServiceTemporarilyUnavailable = wire.ValidationInfoServiceTemporarilyUnavailable
	// Deprecated: use wire.ValidationInfoSyntaxConsideredValid.
	ValidationInfoSyntaxConsideredValid = wire.ValidationInfoSyntaxConsideredValid
	// Deprecated: use wire.ValidationInfoSyntaxInvalid.
	ValidationInfoSyntaxInvalid = wire.ValidationInfoSyntaxInvalid
	// Deprecated: use wire.ValidationInfoSyntaxValid.
	ValidationInfoSyntaxValid = wire.ValidationInfoSyntaxValid
	// Deprecated: use wire.ValidationInfoValidExternally.
	ValidationInfoValidExternally = wire.ValidationInfoValidExternally
	// Deprecated: use wire.ValidationInfoValidationNotAvailable.
	ValidationInfoValidationNotAvailable = wire.ValidationInfoValidationNotAvailable
)

var (
	// Deprecated: use wire.ErrTooLarge.
	ErrTooLarge = wire.ErrTooLarge
)

// CheckIdentifier is wire.CheckIdentifier.
//
// Deprecated: use wire.CheckIdentifier.
func CheckIdentifier(field, s string) error { return wire.CheckIdentifier(field, s) }

// CheckPattern is wire.CheckPattern.
//
// Deprecated: use wire.CheckPattern.
func CheckPattern(name string) (string, bool) { return wire.CheckPattern(name) }

// Decode is wire.Decode.
//
// Deprecated: use wire.Decode.
func Decode(r io.Reader, v any, limit int64) error { return wire.Decode(r, v, limit) }

// EnumValues is wire.EnumValues.
//
// Deprecated: use wire.EnumValues.
func EnumValues(t reflect.Type) []string { return wire.EnumValues(t) }
