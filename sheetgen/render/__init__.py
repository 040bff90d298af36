"""Make PDF bytes: WeasyPrint for the HTML reference pages, ReportLab for the drawn pages."""
