"""Placed marks to PDF with ReportLab: one canvas, one painter, one module per sheet kind."""
