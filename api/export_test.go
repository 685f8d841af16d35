package api

// CheckAnswer validates one HTTP exchange against Levy's OpenAPI document
// (see checkAnswer), for the tests of package api_test, which build the
// whole server with the token and e-invoicing routes mounted.
var CheckAnswer = checkAnswer
