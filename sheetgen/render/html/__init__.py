"""HTML pages to PDF with WeasyPrint: templates, fonts, column balancing, the fit to a page."""
