package jurisdiction

import "fmt"

// Type is the kind of a jurisdiction: the 16 values of the wire's
// JurisdictionTypeEnum.
type Type uint8

// The jurisdiction types, in the order of the wire enumeration.
const (
	APO Type = iota + 1
	Borough
	City
	Country
	County
	District
	FPO
	LocalImprovementDistrict
	Parish
	Province
	SpecialPurposeDistrict
	State
	Territory
	Township
	TradeBlock
	TransitDistrict
)

var typeNames = [...]string{
	APO:                      "APO",
	Borough:                  "BOROUGH",
	City:                     "CITY",
	Country:                  "COUNTRY",
	County:                   "COUNTY",
	District:                 "DISTRICT",
	FPO:                      "FPO",
	LocalImprovementDistrict: "LOCAL_IMPROVEMENT_DISTRICT",
	Parish:                   "PARISH",
	Province:                 "PROVINCE",
	SpecialPurposeDistrict:   "SPECIAL_PURPOSE_DISTRICT",
	State:                    "STATE",
	Territory:                "TERRITORY",
	Township:                 "TOWNSHIP",
	TradeBlock:               "TRADE_BLOCK",
	TransitDistrict:          "TRANSIT_DISTRICT",
}

// Types lists every valid Type in wire order.
func Types() []Type {
	out := make([]Type, 0, len(typeNames)-1)
	for t := APO; t <= TransitDistrict; t++ {
		out = append(out, t)
	}
	return out
}

// Valid reports whether t is one of the 16 defined types.
func (t Type) Valid() bool { return t >= APO && t <= TransitDistrict }

// String returns the wire name of t, such as "COUNTY".
func (t Type) String() string {
	if !t.Valid() {
		return fmt.Sprintf("Type(%d)", uint8(t))
	}
	return typeNames[t]
}

// ParseType returns the Type with the wire name s.
func ParseType(s string) (Type, error) {
	for t := APO; t <= TransitDistrict; t++ {
		if typeNames[t] == s {
			return t, nil
		}
	}
	return 0, fmt.Errorf("jurisdiction: unknown jurisdiction type %q", s)
}

// MarshalText writes the wire name.
func (t Type) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, fmt.Errorf("jurisdiction: invalid type %d", uint8(t))
	}
	return []byte(typeNames[t]), nil
}

// UnmarshalText reads a wire name.
func (t *Type) UnmarshalText(b []byte) error {
	v, err := ParseType(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
