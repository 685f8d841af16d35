package wire

import "strings"

// The Brazilian drivers of a line (LineDetails) take the values below;
// docs/brazil.md says what each makes Levy do. Any other value is
// refused, naming the member.

// SellerCondition is the seller's regime of PIS and COFINS (and of the
// Simples Nacional, which replaces them).
type SellerCondition string

// The seller conditions.
const (
	// SellerLucroReal: the non-cumulative regime (1.65% and 7.6%); the
	// default.
	SellerLucroReal SellerCondition = "LUCRO_REAL"
	// SellerLucroPresumido: the cumulative regime (0.65% and 3%).
	SellerLucroPresumido SellerCondition = "LUCRO_PRESUMIDO"
	// SellerSimplesNacional: the Simples Nacional, whose single monthly
	// payment (DAS) replaces ICMS, IPI, PIS, COFINS and ISS on the
	// invoice, and which is outside the CBS and IBS of 2026.
	SellerSimplesNacional SellerCondition = "SIMPLES_NACIONAL"
)

var sellerConditions = newEnum(SellerLucroReal, SellerLucroPresumido, SellerSimplesNacional)

// Valid reports whether c is a defined seller condition.
func (c SellerCondition) Valid() bool { return sellerConditions.has(c) }

// BuyerCondition says whether the buyer is an ICMS contributor, and
// whether it buys for its own use.
type BuyerCondition string

// The buyer conditions.
const (
	// BuyerContribuinte: an ICMS contributor buying to resell or to make
	// goods; the default.
	BuyerContribuinte BuyerCondition = "CONTRIBUINTE"
	// BuyerContribuinteConsumidorFinal: an ICMS contributor buying for
	// its own use, consumption or fixed assets: a final consumer (the
	// IPI enters the ICMS base, and the buyer owes the DIFAL of an
	// interstate purchase).
	BuyerContribuinteConsumidorFinal BuyerCondition = "CONTRIBUINTE_CONSUMIDOR_FINAL"
	// BuyerNaoContribuinte: not an ICMS contributor, a final consumer
	// (the seller owes the DIFAL of an interstate sale).
	BuyerNaoContribuinte BuyerCondition = "NAO_CONTRIBUINTE"
)

var buyerConditions = newEnum(BuyerContribuinte, BuyerContribuinteConsumidorFinal, BuyerNaoContribuinte)

// Valid reports whether c is a defined buyer condition.
func (c BuyerCondition) Valid() bool { return buyerConditions.has(c) }

// FiscalOperation is the nature of the fiscal operation of a line.
type FiscalOperation string

// The natures of the fiscal operation.
const (
	// OperationVendaMercadoria: resale of goods bought from others (CFOP
	// 5102, 6102, 7102); the default for goods.
	OperationVendaMercadoria FiscalOperation = "VENDA_MERCADORIA"
	// OperationVendaProducao: sale of the seller's own production, an
	// industrial establishment (CFOP 5101, 6101, 7101): the IPI applies.
	OperationVendaProducao FiscalOperation = "VENDA_PRODUCAO"
	// OperationVendaImportacao: sale by the importer of goods it imported
	// itself, an industrial establishment by equivalence for the IPI
	// (CFOP 5102, 6102, 7102).
	OperationVendaImportacao FiscalOperation = "VENDA_IMPORTACAO"
	// OperationPrestacaoServico: a service of the LC 116 list, under the
	// ISS (CFOP 5933, 6933); the default for a line whose commodity code
	// is an LC 116 item.
	OperationPrestacaoServico FiscalOperation = "PRESTACAO_SERVICO"
)

var fiscalOperations = newEnum(OperationVendaMercadoria, OperationVendaProducao, OperationVendaImportacao, OperationPrestacaoServico)

// Valid reports whether o is a defined nature of the fiscal operation.
func (o FiscalOperation) Valid() bool { return fiscalOperations.has(o) }

// The transaction conditions a line may name in transactionCondition,
// one or more separated by commas or spaces.
const (
	// ConditionConteudoImportacao: goods with more than 40% import
	// content (or imported goods whose country of origin the line does
	// not give), which bear the 4% interstate ICMS rate of Resolução do
	// Senado Federal 13/2012.
	ConditionConteudoImportacao = "CONTEUDO_IMPORTACAO"
	// ConditionFCPLista: goods on the list of the state's poverty-fund
	// surcharge (FCP), which bear the state's listed rate.
	ConditionFCPLista = "FCP_LISTA"
)

// transactionConditions are the defined transaction conditions.
var transactionConditions = []string{ConditionConteudoImportacao, ConditionFCPLista}

// TransactionConditions returns the conditions of the line's
// transactionCondition, in the order given, and the first unknown one.
func (d *LineDetails) TransactionConditions() (conds []string, unknown string) {
	for _, c := range strings.FieldsFunc(d.TransactionCondition, func(r rune) bool { return r == ',' || r == ' ' }) {
		known := false
		for _, k := range transactionConditions {
			if c == k {
				known = true
			}
		}
		if !known && unknown == "" {
			unknown = c
		}
		conds = append(conds, c)
	}
	return conds, unknown
}

// check refuses a transaction condition that is not one of Levy's.
func (d *LineDetails) check(v *violations, p *fieldPath) {
	if _, unknown := d.TransactionConditions(); unknown != "" {
		v.add(p.Field("transactionCondition"), "%q is not a transaction condition: one or more of %s, separated by commas or spaces",
			unknown, strings.Join(transactionConditions, ", "))
	}
}
