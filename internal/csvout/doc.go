// Package csvout writes every CSV file that Levy produces: the journal's
// CSV export (levy journal export, the admin export route and the
// console's download), the CSV output of levy batch, and the refused-rows
// ledger of the data generator.
//
// Such files hold values that Levy's users chose (transaction IDs,
// document numbers, product classes, currency codes) or that loaded
// content named (jurisdiction names), and they are made to be opened in
// spreadsheet programs. A spreadsheet program reads a cell that starts
// with =, +, -, @, a tab or a carriage return as a formula, which may run
// commands or send the sheet's data away (CSV or formula injection). A
// Writer therefore writes every cell as text that cannot be a formula:
// such a cell gets an apostrophe in front, which spreadsheet programs
// take as "this cell is text" and do not show. A cell that already starts
// with an apostrophe gets one too, so that a program that reads the file
// as data recovers every value by dropping one leading apostrophe where
// there is one.
//
// The one exception is a column that the caller marks as holding numbers:
// there a decimal number such as -12.50 (the amount of a reversal) is
// written as it is and stays a number in the spreadsheet. A marked cell
// that is not a decimal number is still neutralised as text.
package csvout
