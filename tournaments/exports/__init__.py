"""Spreadsheet exports: a party's standings and results and a season's standings
as CSV files (``spreadsheets``), downloaded from the host's and the club's pages
(``views``)."""
