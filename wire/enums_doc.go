package wire

import (
	"reflect"
	"slices"
)

// enumValues lists the values of each enumeration type in wire order. It
// is built once, from the sets that newEnum made, and never changed.
var enumValues = map[reflect.Type][]string{
	reflect.TypeFor[SaleMessageType]():       valuesOf(saleMessageTypes),
	reflect.TypeFor[PurchaseMessageType]():   valuesOf(purchaseMessageTypes),
	reflect.TypeFor[OwnerMessageType]():      valuesOf(ownerMessageTypes),
	reflect.TypeFor[TransactionType]():       valuesOf(transactionTypes),
	reflect.TypeFor[LocationRole]():          valuesOf(locationRoles),
	reflect.TypeFor[TaxResult]():             valuesOf(taxResults),
	reflect.TypeFor[TaxType]():               valuesOf(taxTypes),
	reflect.TypeFor[TaxStructure]():          valuesOf(taxStructures),
	reflect.TypeFor[TaxCollectedFromParty](): valuesOf(taxCollectedFromParties),
	reflect.TypeFor[InputOutputType]():       valuesOf(inputOutputTypes),
	reflect.TypeFor[DeliveryTerm]():          valuesOf(deliveryTerms),
	reflect.TypeFor[ChainTransactionPhase](): valuesOf(chainTransactionPhases),
	reflect.TypeFor[LocationCustomsStatus](): valuesOf(locationCustomsStatuses),
	reflect.TypeFor[PartyRole]():             valuesOf(partyRoles),
	reflect.TypeFor[DiscountType]():          valuesOf(discountTypes),
	reflect.TypeFor[TitleTransfer]():         valuesOf(titleTransfers),
	reflect.TypeFor[SimplificationCode]():    valuesOf(simplificationCodes),
	reflect.TypeFor[MovementMethod]():        valuesOf(movementMethods),
	reflect.TypeFor[UtilityProvider]():       valuesOf(utilityProviders),
	reflect.TypeFor[TaxRegistrationType]():   valuesOf(taxRegistrationTypes),
	reflect.TypeFor[ValidationInfo]():        valuesOf(validationInfos),
	reflect.TypeFor[PautaQuantityType]():     valuesOf(pautaQuantityTypes),
	reflect.TypeFor[SellerCondition]():       valuesOf(sellerConditions),
	reflect.TypeFor[BuyerCondition]():        valuesOf(buyerConditions),
	reflect.TypeFor[FiscalOperation]():       valuesOf(fiscalOperations),
	reflect.TypeFor[OverrideType]():          valuesOf(overrideTypes),
	reflect.TypeFor[Phase]():                 valuesOf(phases),
	reflect.TypeFor[LineItemSyncType]():      valuesOf(lineItemSyncTypes),
}

// valuesOf returns the values of an enumeration as plain strings.
func valuesOf[T ~string](e enum[T]) []string {
	out := make([]string, len(e))
	for i, v := range e {
		out[i] = string(v)
	}
	return out
}

// EnumValues returns the values of the enumeration type t in wire order,
// for documents that describe the wire such as Levy's OpenAPI document.
// It returns nil when t is not one of the enumerations; the slice is the
// caller's own.
func EnumValues(t reflect.Type) []string {
	return slices.Clone(enumValues[t])
}

// CheckPattern returns the regular expression of a named pattern of the
// check tags (pattern=NAME), such as "alpha3", and whether the name is
// known, so that documents of the wire can state the same pattern.
func CheckPattern(name string) (string, bool) {
	p, ok := patterns[name]
	if !ok {
		return "", false
	}
	return p.re.String(), true
}
