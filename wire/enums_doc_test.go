package wire

import (
	"reflect"
	"strings"
	"testing"
)

// TestEnumValues checks that EnumValues knows every enumeration that
// newEnum registered, with the same values in the same order.
func TestEnumValues(t *testing.T) {
	for typ, names := range enumNames {
		if got := strings.Join(EnumValues(typ), ", "); got != names {
			t.Errorf("EnumValues(%s) = %q, want %q", typ, got, names)
		}
	}
	if len(enumValues) != len(enumNames) {
		t.Errorf("EnumValues knows %d enumerations, newEnum registered %d", len(enumValues), len(enumNames))
	}
	if v := EnumValues(reflect.TypeFor[string]()); v != nil {
		t.Errorf("EnumValues(string) = %q, want nil", v)
	}
	if v := EnumValues(reflect.TypeFor[TaxType]()); len(v) == 0 || v[0] != string(TaxTypeSales) {
		t.Errorf("EnumValues(TaxType) = %q, want SALES first", v)
	}
}

// TestCheckPattern checks that the patterns of the check tags are known
// by name.
func TestCheckPattern(t *testing.T) {
	for name, p := range patterns {
		if re, ok := CheckPattern(name); !ok || re != p.re.String() {
			t.Errorf("CheckPattern(%q) = %q, %v", name, re, ok)
		}
	}
	if _, ok := CheckPattern("no such pattern"); ok {
		t.Error("CheckPattern knows a pattern that does not exist")
	}
}
