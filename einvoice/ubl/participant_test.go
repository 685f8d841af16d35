package ubl

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckDigits(t *testing.T) {
	tests := []struct {
		name  string
		valid func(string) bool
		good  []string
		bad   []string
	}{
		{"GLN", func(s string) bool { return allDigits(s) && glnOK(s) },
			[]string{"5790000435975", "5418726003154", "7350024819069", "0000000000000", "40123455"},
			[]string{"5790000435976", "5418726003150", "57900004359750", "579000043597X", "", " 5790000435975"}},
		{"Norwegian organisation number", func(s string) bool { return isDigits(s, 9, 9) && mod11OK(s) },
			[]string{"974760673", "914637287", "999999999"},
			[]string{"974760674", "914637280", "982649170", "97476067", "9747606730", "NO974760673"}},
		{"Belgian enterprise number", validBelgianEnterprise,
			[]string{"0471826311", "0825193747", "0999999922"},
			[]string{"0471826312", "0825193774", "471826311", "04718263110", "BE0471826311"}},
		{"Swedish organisation number", func(s string) bool { return isDigits(s, 10, 10) && swedishOK(s) },
			[]string{"5560360793", "5568217342", "2120000142"},
			[]string{"5560360794", "556036-0793", "556036079", "55603607930"}},
		{"Danish CVR as Peppol checks it", func(s string) bool { code, _ := participantRule("0184", s, s, true); return code == "" },
			[]string{"13585628", "10403783", "DK13585628"},
			[]string{"1358562", "135856280", "DK1358562", "dk13585628"}},
	}
	for _, tt := range tests {
		for _, s := range tt.good {
			if !tt.valid(s) {
				t.Errorf("%s %q: invalid, want valid", tt.name, s)
			}
		}
		for _, s := range tt.bad {
			if tt.valid(s) {
				t.Errorf("%s %q: valid, want invalid", tt.name, s)
			}
		}
	}
	// The check digits by hand: 97 − 04718263 mod 97 = 97 − 86 = 11.
	if got := belgianCheck("04718263"); got != "11" {
		t.Errorf("belgianCheck = %s, want 11", got)
	}
}

func TestKnownScheme(t *testing.T) {
	required := strings.Fields(`0002 0007 0009 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184
		0188 0190 0191 0192 0193 0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212
		0213 0215 0216 0221 0230 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926
		9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944
		9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 EM`)
	for _, s := range required {
		if !KnownScheme(s) {
			t.Errorf("KnownScheme(%s) = false", s)
		}
	}
	for _, s := range []string{"", "88", "0000", "GLN", "iso6523-actorid-upis", "9999", "0088 "} {
		if KnownScheme(s) {
			t.Errorf("KnownScheme(%q) = true", s)
		}
	}
}

func TestValidateParticipant(t *testing.T) {
	tests := []struct {
		scheme, id string
		code       string // "" when valid
	}{
		{"0088", "5790000435975", ""},
		{"0088", "5790000435970", "PEPPOL-COMMON-R040"},
		{"0192", "974760673", ""},
		{"0192", "974760670", "PEPPOL-COMMON-R041"},
		{"0208", "0471826311", ""},
		{"0208", "0471826310", "PEPPOL-COMMON-R043"},
		{"0007", "5560360793", ""},
		{"0007", "5560360790", "PEPPOL-COMMON-R049"},
		{"0184", "13585628", ""},
		{"0184", "13585620", ""},
		{"0184", "DK13585620", ""},
		{"0184", "1358562", "PEPPOL-COMMON-R042"},
		{"0060", "150483782", ""},
		{"9925", "BE0471826311", ""},
		{"0204", "991-12345ABC-06", ""},
		{"EM", "invoices@example.com", ""},
		{"0201", "UF1234", ""},
		{"0201", "UF-123", "PEPPOL-COMMON-R044"},
		{"0151", "51824753556", ""},
		{"0151", "51824753557", "PEPPOL-COMMON-R050"},
		{"1234", "5790000435975", "BR-CL-25"},
		{"", "5790000435975", "BR-CL-25"},
	}
	for _, tt := range tests {
		err := ValidateParticipant(tt.scheme, tt.id)
		var pe *ParticipantError
		switch {
		case tt.code == "" && err != nil:
			t.Errorf("ValidateParticipant(%q, %q) = %v, want nil", tt.scheme, tt.id, err)
		case tt.code != "" && !errors.As(err, &pe):
			t.Errorf("ValidateParticipant(%q, %q) = %v, want a %s error", tt.scheme, tt.id, err, tt.code)
		case tt.code != "" && (pe.Code != tt.code || pe.Scheme != tt.scheme || pe.ID != tt.id || !strings.Contains(err.Error(), tt.code)):
			t.Errorf("ValidateParticipant(%q, %q) = %+v, want code %s", tt.scheme, tt.id, pe, tt.code)
		}
	}
}

func TestAddress(t *testing.T) {
	tests := []struct {
		p    Party
		want string
	}{
		{Party{EndpointID: "5790000435975", EndpointScheme: "0088"}, "0088:5790000435975"},
		{Party{EndpointID: "5790000435975"}, ""},
		{Party{EndpointScheme: "0088"}, ""},
		{Party{}, ""},
	}
	for _, tt := range tests {
		if got := tt.p.Address(); got != tt.want {
			t.Errorf("%+v.Address() = %q, want %q", tt.p, got, tt.want)
		}
	}
}
