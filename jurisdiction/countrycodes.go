package jurisdiction

import (
	"strings"
	"sync"
)

// countryCodes holds the ISO 3166-1 countries as the alpha-2 code of each
// followed by its alpha-3 code ("DEDEU"), separated by spaces, in the
// order of the alpha-2 codes. The codes are those of the ISO 3166-1
// list of the ISO 3166 Maintenance Agency, as Levy's dataset holds them
// (data/SOURCES.md, iso3166): 249 countries and territories, and Kosovo
// under the user-assigned codes XK and XKX that the EU and the IMF use.
// TestCountryCodesMatchDataset in package data checks the two agree.
const countryCodes = "" +
	"ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO AQATA ARARG ASASM ATAUT AUAUS AWABW " +
	"AXALA AZAZE BABIH BBBRB BDBGD BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BLBLM BMBMU BNBRN " +
	"BOBOL BQBES BRBRA BSBHS BTBTN BVBVT BWBWA BYBLR BZBLZ CACAN CCCCK CDCOD CFCAF CGCOG " +
	"CHCHE CICIV CKCOK CLCHL CMCMR CNCHN COCOL CRCRI CUCUB CVCPV CWCUW CXCXR CYCYP CZCZE " +
	"DEDEU DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST EGEGY EHESH ERERI ESESP ETETH FIFIN " +
	"FJFJI FKFLK FMFSM FOFRO FRFRA GAGAB GBGBR GDGRD GEGEO GFGUF GGGGY GHGHA GIGIB GLGRL " +
	"GMGMB GNGIN GPGLP GQGNQ GRGRC GSSGS GTGTM GUGUM GWGNB GYGUY HKHKG HMHMD HNHND HRHRV " +
	"HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IOIOT IQIRQ IRIRN ISISL ITITA JEJEY JMJAM " +
	"JOJOR JPJPN KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT KYCYM KZKAZ LALAO " +
	"LBLBN LCLCA LILIE LKLKA LRLBR LSLSO LTLTU LULUX LVLVA LYLBY MAMAR MCMCO MDMDA MEMNE " +
	"MFMAF MGMDG MHMHL MKMKD MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR MTMLT MUMUS " +
	"MVMDV MWMWI MXMEX MYMYS MZMOZ NANAM NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL " +
	"NRNRU NUNIU NZNZL OMOMN PAPAN PEPER PFPYF PGPNG PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI " +
	"PSPSE PTPRT PWPLW PYPRY QAQAT REREU ROROU RSSRB RURUS RWRWA SASAU SBSLB SCSYC SDSDN " +
	"SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR SNSEN SOSOM SRSUR SSSSD STSTP SVSLV " +
	"SXSXM SYSYR SZSWZ TCTCA TDTCD TFATF TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN TOTON " +
	"TRTUR TTTTO TVTUV TWTWN TZTZA UAUKR UGUGA UMUMI USUSA UYURY UZUZB VAVAT VCVCT VEVEN " +
	"VGVGB VIVIR VNVNM VUVUT WFWLF WSWSM XKXKX YEYEM YTMYT ZAZAF ZMZMB ZWZWE " +
	""

// countryCodeMaps are the two lookups of countryCodes: alpha-2 to alpha-3
// and alpha-3 to alpha-2.
type countryCodeMaps struct {
	alpha3, alpha2 map[string]string
}

// countryCodeIndex builds the lookups of countryCodes once.
var countryCodeIndex = sync.OnceValue(func() countryCodeMaps {
	m := countryCodeMaps{alpha3: map[string]string{}, alpha2: map[string]string{}}
	for _, pair := range strings.Fields(countryCodes) {
		a2, a3 := pair[:2], pair[2:]
		m.alpha3[a2], m.alpha2[a3] = a3, a2
	}
	return m
})

// CountryAlpha3 returns the ISO 3166-1 alpha-3 code of the country of
// alpha-2 code a2 ("DE" gives "DEU"), and whether there is one. Codes are
// upper-case.
func CountryAlpha3(a2 string) (string, bool) {
	a3, ok := countryCodeIndex().alpha3[a2]
	return a3, ok
}

// CountryAlpha2 returns the ISO 3166-1 alpha-2 code of the country of
// alpha-3 code a3 ("DEU" gives "DE"), the code that Levy's jurisdiction
// IDs use, and whether there is one. Codes are upper-case.
func CountryAlpha2(a3 string) (string, bool) {
	a2, ok := countryCodeIndex().alpha2[a3]
	return a2, ok
}
