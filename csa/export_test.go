package csa

// InfoFields is infoFields for the external tests.
var InfoFields = infoFields
